import { LIMITS } from '../../shared/domain/limits.js';
import type { SocialLink } from '../../shared/domain/portfolio.js';
import { socialIconFor, whatsappLinkFor } from '../../shared/domain/social-links.js';
import { completeLink } from '../../shared/domain/urls.js';
import { NETWORK_NAMES, SocialIcon } from '../../shared/templates/common/Icon.js';
import { fieldId, SOCIAL_LINK_FIELDS } from './fieldRules.js';
import { FormFields } from './FormFields.js';
import { ItemCard, ListEditor } from './ListEditor.js';
import { isWholeSampleLink, useSampleLinks } from './sampleLeftovers.js';
import { SampleRemoval } from './SampleRemoval.js';
import type { ListChange } from './useKeyedList.js';
import { useListEditing } from './useListEditing.js';

interface SocialLinksEditorProps {
  links: readonly SocialLink[];
  onChange: (change: ListChange<SocialLink>) => void;
  /** The phone number of the contact step, offered as a WhatsApp button. */
  phone?: string;
}

export const LINKS_FULL = `You can add at most ${LIMITS.maxSocialLinks} social links. Remove one to add another.`;

const newLink = (): SocialLink => ({ url: '', label: '', iconClass: 'website' });

const LINK_COPY = {
  label: { placeholder: 'e.g. GitHub' },
  url: { placeholder: 'https://github.com/you' },
};

/**
 * Social links: label and address, the icon following the address; add (up to 12), remove, move
 * up and down, and a WhatsApp button made from the phone number.
 */
export function SocialLinksEditor({ links, onChange, phone = '' }: SocialLinksEditorProps) {
  const prefix = (position: number) => fieldId('social', position);
  const editing = useListEditing(links, onChange, {
    noun: 'Social link',
    movedNoun: 'link',
    prefix,
    max: LIMITS.maxSocialLinks,
    full: { message: LINKS_FULL, noteId: 'social-links-full' },
    emptyFocus: 'social-add',
  });
  const next = prefix(links.length + 1);

  const whatsapp = whatsappLinkFor(phone);
  const offerWhatsapp = whatsapp !== undefined && !links.some((link) => link.url === whatsapp);
  const addWhatsapp = () => {
    if (!whatsapp) return;
    editing.add(
      { url: whatsapp, label: 'WhatsApp', iconClass: 'whatsapp' },
      `${next}-url`,
      `WhatsApp button added as social link ${links.length + 1}.`,
    );
  };

  // The icon follows the address.
  const set = (key: string, field: 'label' | 'url', value: string) =>
    editing.update(key, (link) =>
      field === 'url'
        ? {
            ...link,
            url: value,
            iconClass: socialIconFor(completeLink(value.trim()), link.iconClass),
          }
        : { ...link, label: value },
    );

  const sampleLinks = useSampleLinks();

  return (
    <ListEditor
      editing={editing}
      headingId="social-links-heading"
      title="Social links"
      empty={
        <p className="list-editor__empty">
          No social links yet. Links with an address show in your page&rsquo;s footer.
        </p>
      }
      beforeItems={
        <SampleRemoval
          items={links}
          isSample={(link) => isWholeSampleLink(link, sampleLinks)}
          onChange={onChange}
          noun="link"
          listLabel="Social links"
          idPrefix="social"
        />
      }
      addId="social-add"
      addLabel="Add a social link"
      onAdd={() => editing.add(newLink(), `${next}-label`)}
      moreActions={
        offerWhatsapp && (
          <button
            type="button"
            id="social-add-whatsapp"
            className="button button--ghost list-editor__add"
            aria-disabled={editing.full ? true : undefined}
            onClick={addWhatsapp}
          >
            <SocialIcon name="whatsapp" />
            {/* One box: the words wrap between them, never inside the number. */}
            <span>
              Add a WhatsApp button for <span className="list-editor__phone">{phone.trim()}</span>
            </span>
          </button>
        )
      }
    >
      {editing.entries.map(({ key, item: link, index }) => {
        const position = index + 1;
        return (
          <ItemCard
            key={key}
            editing={editing}
            index={index}
            name={`Link ${position}`}
            summary={link.label}
          >
            <FormFields
              fields={SOCIAL_LINK_FIELDS}
              values={link}
              copy={LINK_COPY}
              idOf={(field) => `${prefix(position)}-${field.id}`}
              context={`Social link ${position}`}
              onChange={(field, value) => set(key, field, value)}
            />
            <LinkIconNote url={link.url} />
          </ItemCard>
        );
      })}
    </ListEditor>
  );
}

/** Which icon the page shows for this address: it follows the address, so nothing to pick. */
function LinkIconNote({ url }: { url: string }) {
  const icon = socialIconFor(completeLink(url.trim()));
  return (
    <p className="social-icon-note">
      <SocialIcon name={icon} className="social-icon-note__icon" />
      {url.trim() === ''
        ? 'The icon follows the address: WhatsApp, Instagram, LinkedIn, Behance and more.'
        : `Shows the ${NETWORK_NAMES[icon]} icon.`}
    </p>
  );
}
