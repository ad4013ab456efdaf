/**
 * The appearance a portfolio document stores: `{ accent?: '#rrggbb', chosenAccent?: '#rrggbb',
 * fonts?: pairing id }`.
 * Which pairings a template offers, and whether an accent is readable on it, depend on the
 * template: appearanceProblem checks both where the template is known (publishing).
 */
import { z } from '../zod.js';
import { HEX_COLOUR } from './colour.js';
import { accentProblem } from './accent-message.js';
import { guardAccent, type Appearance, type TemplateLook } from './look.js';
import { FONT_PAIRING_IDS, FONT_PAIRINGS } from './pairings.js';

/** A colour as `#rrggbb`, lowercased; anything longer is refused before it is matched. */
const hexColour = z
  .string({ error: 'must be a colour like #1b75a6' })
  .trim()
  .max(7, { error: 'must be a colour like #1b75a6', abort: true })
  .toLowerCase()
  .regex(HEX_COLOUR, 'must be a colour like #1b75a6');

export const appearanceSchema = z
  .object(
    {
      accent: hexColour.optional(),
      chosenAccent: hexColour.optional(),
      fonts: z
        .enum(FONT_PAIRING_IDS, { error: `must be one of: ${FONT_PAIRING_IDS.join(', ')}` })
        .optional(),
    },
    { error: 'must be an object' },
  )
  .transform((appearance): Appearance => ({
    ...(appearance.accent && { accent: appearance.accent }),
    ...(appearance.accent && appearance.chosenAccent && { chosenAccent: appearance.chosenAccent }),
    ...(appearance.fonts && { fonts: appearance.fonts }),
  }));

/**
 * Why this appearance cannot be published with this template, naming the field; undefined when
 * it can. The accent must pass the contrast guard as it is: the editor sends the shade the guard
 * chose, so an unreadable colour here is a client that skipped it.
 */
export function appearanceProblem(
  look: TemplateLook,
  templateName: string,
  appearance: Appearance | undefined,
): { field: string; message: string } | undefined {
  if (appearance?.fonts && !look.pairings.includes(appearance.fonts)) {
    const offered = look.pairings.map((id) => `${id} (${FONT_PAIRINGS[id].name})`).join(', ');
    return {
      field: 'appearance.fonts',
      message: `appearance.fonts ${appearance.fonts} is not offered by ${templateName}: choose one of ${offered}`,
    };
  }
  if (appearance?.accent) {
    const verdict = guardAccent(look, appearance.accent);
    if (verdict.status !== 'ok') {
      return { field: 'appearance.accent', message: accentProblem(verdict, templateName) };
    }
  }
  return undefined;
}
