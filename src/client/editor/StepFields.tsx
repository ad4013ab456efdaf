import { type FormDelivery } from '../../shared/contact.js';
import {
  blankSection,
  formDeliveryOf,
  type ContactDetails,
  type PersonalDetails,
  type PortfolioData,
  type Section,
  type SectionKey,
} from '../../shared/domain/portfolio.js';
import type { SectionSpec, TemplateDefinition } from '../../shared/templates/definition.js';
import { fieldId } from './fieldRules.js';
import { ImageField } from './ImageField.js';
import { SocialLinksEditor } from './SocialLinksEditor.js';
import { TextField } from './TextField.js';
import { TileListEditor } from './TileListEditor.js';

export type Edit = (edit: (data: PortfolioData) => PortfolioData) => void;

const setPersonal = (patch: Partial<PersonalDetails>) => (data: PortfolioData) => ({
  ...data,
  personalDetails: { ...data.personalDetails, ...patch },
});

const setSection = (key: SectionKey, patch: Partial<Section>) => (data: PortfolioData) => ({
  ...data,
  [key]: { ...(data[key] ?? blankSection(key)), ...patch },
});

const setContact = (patch: Partial<ContactDetails>) => (data: PortfolioData) => ({
  ...data,
  contactDetails: { ...data.contactDetails, ...patch },
});

export function PersonalDetailsFields({
  definition,
  data,
  edit,
}: {
  definition: TemplateDefinition;
  data: PortfolioData;
  edit: Edit;
}) {
  const person = data.personalDetails;
  const shows = (field: (typeof definition.personalDetails)[number]) =>
    definition.personalDetails.includes(field);
  return (
    <>
      {shows('name') && (
        <TextField
          id={fieldId('name')}
          label="Name"
          kind="name"
          value={person.name}
          placeholder="Your full name (required)"
          onChange={(name) => edit(setPersonal({ name }))}
        />
      )}
      {shows('headline') && (
        <TextField
          id={fieldId('headline')}
          label="Headline"
          kind="line"
          value={person.headline}
          placeholder="e.g. Illustrator and visual designer (required)"
          onChange={(headline) => edit(setPersonal({ headline }))}
        />
      )}
      {shows('intro') && (
        <TextField
          id={fieldId('intro')}
          label="Intro"
          kind="paragraph"
          rows={6}
          value={person.intro}
          hint="A blank line starts a new paragraph."
          placeholder="A few sentences about you and your work (required)"
          onChange={(intro) => edit(setPersonal({ intro }))}
        />
      )}
      {shows('profileImage') && (
        <ImageField
          id={fieldId('profileImage')}
          label="Profile picture (optional)"
          name="profile picture"
          urlLabel="Profile image URL"
          value={person.profileImage}
          placeholder="https://example.com/me.jpg"
          onChange={(profileImage) => edit(setPersonal({ profileImage }))}
        />
      )}
    </>
  );
}

export function SectionFields({
  sectionKey,
  spec,
  data,
  edit,
}: {
  sectionKey: SectionKey;
  spec: SectionSpec;
  data: PortfolioData;
  edit: Edit;
}) {
  const section = data[sectionKey] ?? blankSection(sectionKey);
  const shows = (field: (typeof spec.fields)[number]) => spec.fields.includes(field);
  return (
    <>
      {shows('sectionTitle') && (
        <TextField
          id={fieldId(sectionKey, 'title')}
          label="Section title"
          kind="line"
          value={section.sectionTitle}
          placeholder={`e.g. ${spec.label} (required)`}
          onChange={(sectionTitle) => edit(setSection(sectionKey, { sectionTitle }))}
        />
      )}
      {shows('sectionSubTitle') && (
        <TextField
          id={fieldId(sectionKey, 'subtitle')}
          label="Sub title"
          kind="line"
          value={section.sectionSubTitle}
          placeholder="A line under the title (required)"
          onChange={(sectionSubTitle) => edit(setSection(sectionKey, { sectionSubTitle }))}
        />
      )}
      {shows('sectionFooterText') && (
        <TextField
          id={fieldId(sectionKey, 'footer')}
          label="Footer text"
          kind="paragraph"
          rows={3}
          value={section.sectionFooterText}
          placeholder="A closing note under the tiles (required)"
          onChange={(sectionFooterText) => edit(setSection(sectionKey, { sectionFooterText }))}
        />
      )}
      <TileListEditor
        sectionKey={sectionKey}
        sectionLabel={spec.label}
        fields={spec.tileFields}
        tiles={section.sectionTiles}
        onChange={(sectionTiles) => edit(setSection(sectionKey, { sectionTiles }))}
      />
    </>
  );
}

export function ContactDetailsFields({
  definition,
  data,
  edit,
}: {
  definition: TemplateDefinition;
  data: PortfolioData;
  edit: Edit;
}) {
  const contact = data.contactDetails;
  const shows = (field: (typeof definition.contactDetails)[number]) =>
    definition.contactDetails.includes(field);
  const delivery = formDeliveryOf(contact);
  return (
    <>
      <FormDeliveryChoice
        value={delivery}
        onChange={(formDelivery) => edit(setContact({ formDelivery }))}
      />
      {shows('email') && (
        <TextField
          id={fieldId('email')}
          label="Email"
          kind="email"
          value={contact.email}
          hint={
            delivery === 'server'
              ? 'Not shown on your page while messages come through this site.'
              : 'Your contact form sends messages here, and your page shows it.'
          }
          placeholder="name@example.com (optional)"
          onChange={(email) => edit(setContact({ email }))}
        />
      )}
      {shows('tel') && (
        <TextField
          id={fieldId('tel')}
          label="Phone"
          kind="tel"
          value={contact.tel}
          placeholder="+91 98765 43210 (optional)"
          hint={
            shows('socialLinks')
              ? 'Under Social links, this number can become a WhatsApp button.'
              : undefined
          }
          onChange={(tel) => edit(setContact({ tel }))}
        />
      )}
      {shows('address') && (
        <TextField
          id={fieldId('address')}
          label="Address"
          kind="line"
          value={contact.address}
          placeholder="e.g. Pune, India (optional)"
          onChange={(address) => edit(setContact({ address }))}
        />
      )}
      {shows('socialLinks') && (
        <SocialLinksEditor
          links={contact.socialLinks}
          phone={shows('tel') ? contact.tel : ''}
          onChange={(socialLinks) => edit(setContact({ socialLinks }))}
        />
      )}
    </>
  );
}

const DELIVERY_CHOICES: { value: FormDelivery; label: string; explanation: string }[] = [
  {
    value: 'server',
    label: 'Through this site',
    explanation:
      'Messages reach your account email and your account page; your address stays off the page.',
  },
  {
    value: 'mailto',
    label: "The visitor's mail program",
    explanation: 'The form opens the visitor’s email app with a message to the address below.',
  },
];

/** Where the page's contact form sends: our server (the default) or the visitor's mail program. */
function FormDeliveryChoice({
  value,
  onChange,
}: {
  value: FormDelivery;
  onChange: (value: FormDelivery) => void;
}) {
  return (
    <fieldset className="field delivery-choice">
      <legend className="field__label">Contact form sends messages</legend>
      {DELIVERY_CHOICES.map((choice) => (
        <label key={choice.value} className="delivery-choice__option">
          <input
            type="radio"
            name="formDelivery"
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>
            <span className="delivery-choice__label">{choice.label}</span>
            <span className="field__hint delivery-choice__hint">{choice.explanation}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
