import { Fragment, useMemo, type ReactNode } from 'react';
import type { FormField } from './fieldRules.js';
import { ImageField } from './ImageField.js';
import { TextField } from './TextField.js';

/** The words that come with a field in the form, besides its label. */
export interface FieldCopy {
  placeholder: string;
  /** A short help line under the label. */
  hint?: string;
  /** A paragraph's height, in lines. */
  rows?: number;
  /** Drawn as an image (upload or address): the whole field's label, the image's name in sentences. */
  image?: { label: string; name: string };
}

/**
 * The fields of one of fieldRules' tables that the template shows, in the table's order, each
 * with its copy: an image field where the copy names an image, else a text field.
 */
export function FormFields<K extends string>({
  fields,
  shown,
  values,
  copy,
  idOf,
  context,
  after,
  onChange,
}: {
  fields: readonly FormField<K>[];
  /** The fields the template shows; all of them when not given. */
  shown?: readonly string[];
  values: Record<K, string>;
  copy: Record<K, FieldCopy>;
  idOf: (field: FormField<K>) => string;
  /** Said before each label to screen readers only, e.g. "Tile 2". */
  context?: string;
  /** What is drawn right after a field, as one with it (a phrase that goes with it). */
  after?: Partial<Record<K, ReactNode>>;
  onChange: (key: K, value: string) => void;
}) {
  // One handler per field for as long as `onChange` stays the same: a field whose value did not
  // change then skips its render (TextField and ImageField are memoized).
  const handlers = useMemo(
    () =>
      new Map(
        fields.map((field) => [field.key, (value: string) => onChange(field.key, value)] as const),
      ),
    [fields, onChange],
  );
  return (
    <>
      {fields
        .filter((field) => !shown || shown.includes(field.key))
        .map((field) => {
          const { image, ...words } = copy[field.key];
          const common = {
            id: idOf(field),
            context,
            value: values[field.key],
            onChange: handlers.get(field.key)!,
          };
          const input = image ? (
            <ImageField
              {...common}
              label={image.label}
              name={image.name}
              urlLabel={field.label}
              placeholder={words.placeholder}
            />
          ) : (
            <TextField {...common} label={field.label} kind={field.kind} {...words} />
          );
          return (
            <Fragment key={field.key}>
              {input}
              {after?.[field.key]}
            </Fragment>
          );
        })}
    </>
  );
}
