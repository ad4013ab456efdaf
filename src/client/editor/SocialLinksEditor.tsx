import { useState } from 'react';
import { LIMITS } from '../../shared/domain/limits.js';
import type { SocialLink } from '../../shared/domain/portfolio.js';
import { socialIconFor, whatsappLinkFor } from '../../shared/domain/social-links.js';
import { completeLink } from '../../shared/domain/urls.js';
import { NETWORK_NAMES, SocialIcon } from '../../shared/templates/common/Icon.js';
import { fieldId } from './fieldRules.js';
import { ItemToolbar } from './ItemToolbar.js';
import { TextField } from './TextField.js';
import { UiIcon } from './UiIcon.js';
import { useFocusAfterRender } from './useFocusAfterRender.js';
import { useKeyedList } from './useKeyedList.js';

interface SocialLinksEditorProps {
  links: readonly SocialLink[];
  onChange: (links: SocialLink[]) => void;
  /** The phone number of the contact step, offered as a WhatsApp button. */
  phone?: string;
}

export const LINKS_FULL = `You can add at most ${LIMITS.maxSocialLinks} social links. Remove one to add another.`;

const newLink = (): SocialLink => ({ url: '', label: '', iconClass: 'website' });

/**
 * Social links: label and address, the icon following the address; add (up to 12), remove, move
 * up and down, and a WhatsApp button made from the phone number.
 */
export function SocialLinksEditor({ links, onChange, phone = '' }: SocialLinksEditorProps) {
  const list = useKeyedList(links, onChange);
  const focusLater = useFocusAfterRender();
  const [message, setMessage] = useState('');
  const [refused, setRefused] = useState(false);
  const tell = (text: string) => {
    setRefused(false);
    setMessage(text);
  };
  const full = links.length >= LIMITS.maxSocialLinks;
  const prefix = (position: number) => fieldId('social', position);
  const fullNoteId = 'social-links-full';

  const add = () => {
    if (full) {
      setRefused(true);
      setMessage(LINKS_FULL);
      return;
    }
    list.add(newLink());
    const position = links.length + 1;
    tell(`Social link ${position} added.`);
    focusLater(`${prefix(position)}-label`);
  };

  const remove = (index: number) => {
    list.remove(index);
    tell(`Social link ${index + 1} removed.`);
    focusLater(
      links.length > 1 ? `${prefix(Math.min(index, links.length - 2) + 1)}-remove` : 'social-add',
    );
  };

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    list.move(index, delta);
    tell(
      `Social link ${index + 1} moved ${delta < 0 ? 'up' : 'down'}; it is now link ${target + 1}.`,
    );
    const atEdge = target === 0 || target === links.length - 1;
    const button = atEdge ? (delta < 0 ? 'down' : 'up') : delta < 0 ? 'up' : 'down';
    focusLater(`${prefix(target + 1)}-${button}`);
  };

  const set = (index: number, link: SocialLink, patch: Partial<SocialLink>) =>
    list.replace(index, { ...link, ...patch });

  const whatsapp = whatsappLinkFor(phone);
  const offerWhatsapp = whatsapp !== undefined && !links.some((link) => link.url === whatsapp);
  const addWhatsapp = () => {
    if (!whatsapp) return;
    if (full) {
      setRefused(true);
      setMessage(LINKS_FULL);
      return;
    }
    list.add({ url: whatsapp, label: 'WhatsApp', iconClass: 'whatsapp' });
    tell(`WhatsApp button added as social link ${links.length + 1}.`);
    focusLater(`${prefix(links.length + 1)}-url`);
  };

  return (
    <section className="list-editor" aria-labelledby="social-links-heading">
      <header className="list-editor__head">
        <h3 id="social-links-heading" className="list-editor__title">
          Social links
        </h3>
        <span className="list-editor__count">
          {links.length} of {LIMITS.maxSocialLinks}
        </span>
      </header>
      {links.length === 0 ? (
        <p className="list-editor__empty">
          No social links yet. Links with an address show in your page&rsquo;s footer.
        </p>
      ) : (
        <ol className="list-editor__items">
          {list.entries.map(({ key, item: link, index }) => {
            const position = index + 1;
            const context = `Social link ${position}`;
            return (
              <li key={key} className="item-card">
                <fieldset className="item-card__fieldset">
                  <legend className="item-card__legend">
                    <span className="item-card__name">Link {position}</span>
                    {link.label.trim() && (
                      <span className="item-card__summary" aria-hidden="true">
                        {link.label}
                      </span>
                    )}
                  </legend>
                  <ItemToolbar
                    idPrefix={prefix(position)}
                    itemName={`social link ${position}`}
                    isFirst={index === 0}
                    isLast={index === links.length - 1}
                    onMove={(delta) => move(index, delta)}
                    onRemove={() => remove(index)}
                  />
                  <div className="item-card__fields">
                    <TextField
                      id={`${prefix(position)}-label`}
                      context={context}
                      label="Label"
                      kind="line"
                      value={link.label}
                      placeholder="e.g. GitHub"
                      onChange={(label) => set(index, link, { label })}
                    />
                    <TextField
                      id={`${prefix(position)}-url`}
                      context={context}
                      label="URL"
                      kind="link"
                      value={link.url}
                      placeholder="https://github.com/you"
                      onChange={(url) =>
                        set(index, link, {
                          url,
                          iconClass: socialIconFor(completeLink(url.trim()), link.iconClass),
                        })
                      }
                    />
                    <LinkIconNote url={link.url} />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div className="list-editor__foot">
        <button
          type="button"
          id="social-add"
          className="button button--ghost list-editor__add"
          aria-disabled={full ? true : undefined}
          aria-describedby={full ? fullNoteId : undefined}
          onClick={add}
        >
          <UiIcon name="add" />
          Add a social link
        </button>
        {offerWhatsapp && (
          <button
            type="button"
            id="social-add-whatsapp"
            className="button button--ghost list-editor__add"
            aria-disabled={full ? true : undefined}
            onClick={addWhatsapp}
          >
            <SocialIcon name="whatsapp" />
            Add a WhatsApp button for {phone.trim()}
          </button>
        )}
        <p className="visually-hidden" id={fullNoteId}>
          {LINKS_FULL}
        </p>
        {full && refused && <p className="list-editor__refusal">{LINKS_FULL}</p>}
      </div>
      <p className="list-editor__announce visually-hidden" role="status">
        {message}
      </p>
    </section>
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
