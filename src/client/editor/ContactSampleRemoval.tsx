import { useState } from 'react';
import type { ContactDetails } from '../../shared/domain/portfolio.js';
import { CONTACT_FIELDS } from './fieldRules.js';
import { isSampleContact, useSampleContacts, type SampleContactField } from './sampleLeftovers.js';
import { SampleRemovalLine } from './SampleRemoval.js';
import { useFocusAfterRender } from './useFocusAfterRender.js';
import { listed } from '../../shared/plural.js';

/** How the line names each field: "the sample phone number". */
const NAMES: Record<SampleContactField, string> = {
  email: 'email address',
  tel: 'phone number',
  address: 'address',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * "The email address and phone number are still the sample's. [Remove the 2 sample contact
 * details]", then "Removed 2 sample contact details. [Undo]" while those fields are still empty,
 * as the tiles and social links have it: a sample's phone number published by mistake reaches a
 * stranger. A field the person wrote in is theirs and stays.
 */
export function ContactSampleRemoval({
  contact,
  shown,
  onChange,
}: {
  contact: ContactDetails;
  /** The contact fields the template shows. */
  shown: readonly string[];
  onChange: (patch: Partial<ContactDetails>) => void;
}) {
  const sampleContacts = useSampleContacts();
  const [removal, setRemoval] = useState<{ before: Partial<Record<SampleContactField, string>> }>();
  const focusLater = useFocusAfterRender();
  const idPrefix = 'contact';

  const samples = CONTACT_FIELDS.filter(
    (field) =>
      shown.includes(field.key) && isSampleContact(field.key, contact[field.key], sampleContacts),
  ).map((field) => field.key);
  const removedKeys = removal ? (Object.keys(removal.before) as SampleContactField[]) : [];
  // Undo stays while the fields are as the removal left them: once one is written in, putting
  // the sample back would take the person's words.
  const undoable = removal && removedKeys.every((key) => contact[key] === '') ? removal : undefined;

  const what = (keys: readonly SampleContactField[]) =>
    keys.length === 1 ? `sample ${NAMES[keys[0]!]}` : `${keys.length} sample contact details`;

  if (undoable) {
    return (
      <SampleRemovalLine
        idPrefix={idPrefix}
        removed={{
          status: `Removed ${removedKeys.length === 1 ? 'the ' : ''}${what(removedKeys)}.`,
          what: `the ${what(removedKeys)}`,
          undo: () => {
            onChange(undoable.before);
            setRemoval(undefined);
            focusLater(`${idPrefix}-remove-samples`);
          },
        }}
      />
    );
  }
  if (samples.length === 0) return null;
  const names = listed(samples.map((key) => NAMES[key]));
  return (
    <SampleRemovalLine
      idPrefix={idPrefix}
      offer={{
        text: `${capitalised(`the ${names}`)} ${samples.length === 1 ? 'is' : 'are'} still the sample's.`,
        button: `Remove the ${what(samples)}`,
        remove: () => {
          const before = Object.fromEntries(samples.map((key) => [key, contact[key]]));
          onChange(Object.fromEntries(samples.map((key) => [key, ''])));
          setRemoval({ before });
          focusLater(`${idPrefix}-undo-samples`);
        },
      }}
    />
  );
}
