import { useCallback, type ReactNode } from 'react';
import { type FormDelivery } from '../../shared/contact.js';
import {
  blankSection,
  formDeliveryOf,
  type ContactDetails,
  type TextContactField,
  type PersonalDetails,
  type PersonalField,
  type PortfolioData,
  type Section,
  type SectionField,
  type SectionKey,
} from '../../shared/domain/portfolio.js';
import type { SectionSpec } from '../../shared/templates/definition.js';
import type { TemplateDefinition } from '../../shared/templates/catalog.js';
import { ContactSampleRemoval } from './ContactSampleRemoval.js';
import { CONTACT_FIELDS, fieldId, PERSONAL_FIELDS, SECTION_FIELDS } from './fieldRules.js';
import { FormFields, type FieldCopy } from './FormFields.js';
import { SocialLinksEditor } from './SocialLinksEditor.js';
import { TileListEditor } from './TileListEditor.js';
import { sectionName } from './steps.js';

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

/** What the personal and contact steps draw from. */
interface PartFieldsProps {
  definition: TemplateDefinition;
  data: PortfolioData;
  edit: Edit;
}

const PERSONAL_COPY: Record<PersonalField, FieldCopy> = {
  name: { placeholder: 'Your full name' },
  headline: { placeholder: 'e.g. Illustrator and visual designer' },
  intro: {
    rows: 6,
    hint: 'A blank line starts a new paragraph.',
    placeholder: 'A few sentences about you and your work',
  },
  profileImage: {
    image: { label: 'Profile picture (optional)', name: 'profile picture' },
    placeholder: 'https://example.com/me.jpg',
  },
};

export function PersonalDetailsFields({
  definition,
  data,
  edit,
  afterName,
}: PartFieldsProps & { afterName?: ReactNode }) {
  // Stable, so that only the field typed in renders again (see FormFields).
  const onChange = useCallback(
    (key: PersonalField, value: string) => edit(setPersonal({ [key]: value })),
    [edit],
  );
  return (
    <FormFields
      fields={PERSONAL_FIELDS}
      shown={definition.personalDetails}
      values={data.personalDetails}
      copy={PERSONAL_COPY}
      idOf={(field) => fieldId(field.id)}
      after={{ name: afterName }}
      onChange={onChange}
    />
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
  const onChange = useCallback(
    (key: SectionField, value: string) => edit(setSection(sectionKey, { [key]: value })),
    [edit, sectionKey],
  );
  return (
    <>
      <FormFields
        fields={SECTION_FIELDS}
        shown={spec.fields}
        values={section}
        copy={{
          sectionTitle: { placeholder: `e.g. ${spec.label}` },
          sectionSubTitle: { placeholder: 'A line under the title' },
          sectionFooterText: { rows: 3, placeholder: 'A closing note under the tiles' },
        }}
        idOf={(field) => fieldId(sectionKey, field.id)}
        onChange={onChange}
      />
      <TileListEditor
        sectionKey={sectionKey}
        sectionLabel={sectionName({ sections: { [sectionKey]: spec } }, sectionKey, data)}
        fields={spec.tileFields}
        tiles={section.sectionTiles}
        onChange={(change) =>
          edit((data) =>
            setSection(sectionKey, {
              sectionTiles: change(
                data[sectionKey]?.sectionTiles ?? blankSection(sectionKey).sectionTiles,
              ),
            })(data),
          )
        }
      />
    </>
  );
}

export function ContactDetailsFields({ definition, data, edit }: PartFieldsProps) {
  const contact = data.contactDetails;
  const shows = (field: (typeof definition.contactDetails)[number]) =>
    definition.contactDetails.includes(field);
  const delivery = formDeliveryOf(contact);
  const onChange = useCallback(
    (key: TextContactField, value: string) => edit(setContact({ [key]: value })),
    [edit],
  );
  return (
    <>
      <FormDeliveryChoice
        value={delivery}
        onChange={(formDelivery) => edit(setContact({ formDelivery }))}
      />
      <ContactSampleRemoval
        contact={contact}
        shown={definition.contactDetails}
        onChange={(patch) => edit(setContact(patch))}
      />
      <FormFields
        fields={CONTACT_FIELDS}
        shown={definition.contactDetails}
        values={contact}
        copy={{
          email: {
            hint:
              delivery === 'server'
                ? 'Not shown on your page while messages come through this site.'
                : 'Your contact form sends messages here, and your page shows it.',
            placeholder: 'name@example.com (optional)',
          },
          tel: {
            placeholder: '+91 98765 43210 (optional)',
            hint: shows('socialLinks')
              ? 'Under Social links, this number can become a WhatsApp button.'
              : undefined,
          },
          address: { placeholder: 'e.g. Pune, India (optional)' },
        }}
        idOf={(field) => fieldId(field.id)}
        onChange={onChange}
      />
      {shows('socialLinks') && (
        <SocialLinksEditor
          links={contact.socialLinks}
          phone={shows('tel') ? contact.tel : ''}
          onChange={(change) =>
            edit((data) =>
              setContact({ socialLinks: change(data.contactDetails.socialLinks) })(data),
            )
          }
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
