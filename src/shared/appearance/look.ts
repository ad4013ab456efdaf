/**
 * A template's look as its owner may change it: the accent colour (a palette drawn for the
 * design, or any colour) and the font pairing. The contrast guard here is the one both the editor
 * and the server run: every text/background pair the accent produces must reach WCAG 2.2 AA
 * (4.5:1, 3:1 for large text); a colour that does not is moved along its lightness until it does,
 * or refused when no shade of it can. On a dark template the accent's bands must also stand out
 * from the page's ground (MARK_CONTRAST), or a very dark colour would pass and vanish.
 */
import { contrast, fromHsl, HEX_COLOUR, luminance, parseHex, toHsl } from './colour.js';
import { FONT_PAIRINGS, fontStack, type FontPairingId } from './pairings.js';

export interface PaletteColour {
  /** What the swatch is called, for people who do not see it. */
  name: string;
  value: string;
}

/** One pair of colours the accent takes part in; either side is a variable the accent sets. */
export interface ContrastCheck {
  /** The pair in words, for the message: "links on white". */
  what: string;
  /** A custom property the accent sets (`--mp-link`) or a fixed `#rrggbb[aa]` colour. */
  text: string;
  background: string;
  /** Large text (24 px, or 18.66 px bold, and up): 3:1 is enough. */
  large?: boolean;
  /**
   * Not text but a coloured band or rule on a dark ground, which it must stand out from by being
   * lighter (MARK_CONTRAST): a band darker still than a dark page reads as a hole, not a colour.
   */
  mark?: boolean;
}

export interface TemplateLook {
  /** The template's own accent first, then the others drawn for it. */
  palette: readonly PaletteColour[];
  /** The template's custom properties an accent sets (its shades are derived here). */
  accentVars: (accent: string) => Readonly<Record<string, string>>;
  /**
   * More properties the accent sets that no check reads, each already readable by its own making
   * (Phantom's tile colours): worked out once for the accent the guard let through, not for
   * every shade it tries.
   */
  derivedVars?: (accent: string) => Readonly<Record<string, string>>;
  checks: readonly ContrastCheck[];
  /** The template's own pairing first. */
  pairings: readonly FontPairingId[];
  /** Where the page shows the accent, as the Style step tells the person ("Links and …"). */
  accentUse: string;
}

/** What the owner chose; absent parts are the template's own. */
export interface Appearance {
  accent?: string;
  /**
   * The accent the person picked, kept while the editor's guard or a change of template had to
   * shade it (`accent` is then the shade): the next change starts from it again, so shades do
   * not build up.
   */
  chosenAccent?: string;
  fonts?: FontPairingId;
}

export const AA_NORMAL = 4.5;
export const AA_LARGE = 3;
/**
 * A band or rule against the ground beside it: enough to tell them apart at a glance. Every
 * palette colour of the dark templates reaches it (their darkest band is 1.63:1); black or a
 * navy of 1.1:1 does not and is lightened.
 */
export const MARK_CONTRAST = 1.5;

/** How much lighter a mark is than its ground, as a WCAG ratio (below 1: darker). */
const lighterBy = (mark: string, ground: string) =>
  (luminance(parseHex(mark)!) + 0.05) / (luminance(parseHex(ground)!) + 0.05);

const neededFor = (check: ContrastCheck) =>
  check.mark ? MARK_CONTRAST : check.large ? AA_LARGE : AA_NORMAL;

export const defaultAccent = (look: TemplateLook): string => look.palette[0]!.value;
export const defaultPairing = (look: TemplateLook): FontPairingId => look.pairings[0]!;

export interface Failure {
  check: ContrastCheck;
  ratio: number;
  needed: number;
}

/** Every pair that falls short with this accent (none: it passes). */
export function contrastFailures(look: TemplateLook, accent: string): Failure[] {
  const vars = look.accentVars(accent);
  const colourOf = (ref: string) => (ref.startsWith('--') ? vars[ref]! : ref);
  const failures: Failure[] = [];
  for (const check of look.checks) {
    const ratio = (check.mark ? lighterBy : contrast)(
      colourOf(check.text),
      colourOf(check.background),
    );
    const needed = neededFor(check);
    if (ratio < needed) failures.push({ check, ratio, needed });
  }
  return failures;
}

/** The pair that falls furthest short of its ratio: what a message about a colour is built from. */
export interface Shortfall {
  /** The pair in words: "links on white". */
  what: string;
  ratio: number;
  needed: number;
  large: boolean;
  /** A band or rule, not text: it must show, not be read. */
  mark: boolean;
}

export type AccentVerdict =
  | { status: 'ok'; accent: string }
  | {
      status: 'adjusted';
      requested: string;
      accent: string;
      shortfall: Shortfall;
      direction: 'darker' | 'lighter';
      /** The adjusted shade's ratio on the same pair. */
      ratio: number;
    }
  | { status: 'refused'; requested: string; code: 'not-a-colour' }
  | { status: 'refused'; requested: string; code: 'no-readable-shade'; shortfall: Shortfall };

/** Lightness steps the search takes each way (1/500 apart: finer than 8-bit channels). */
const STEPS = 500;

/**
 * The accent as the page may use it: as chosen when every pair passes; otherwise the nearest
 * shade of the same hue and saturation that passes (darker or lighter), with the pair that failed;
 * refused when no shade passes every pair (a template whose accent meets both white text and dark
 * text). accent-message.ts puts a verdict into words.
 */
/** Colours whose verdicts are kept per template: a person tries a few; a server renders many. */
const VERDICTS_KEPT = 256;
const verdicts = new WeakMap<TemplateLook, Map<string, Readonly<AccentVerdict>>>();

export function guardAccent(look: TemplateLook, requested: string): Readonly<AccentVerdict> {
  // Every render of a page, and every update of the editor's preview, asks again for the same
  // colour; a shade search tries up to 1,000 of them (several ms), so answers are kept, the
  // least recently asked given up first.
  let known = verdicts.get(look);
  if (!known) verdicts.set(look, (known = new Map()));
  const key = requested.toLowerCase();
  let verdict = known.get(key);
  if (verdict) known.delete(key);
  else {
    verdict = Object.freeze(searchAccent(look, requested));
    if (known.size >= VERDICTS_KEPT) known.delete(known.keys().next().value!);
  }
  known.set(key, verdict);
  return verdict;
}

function searchAccent(look: TemplateLook, requested: string): AccentVerdict {
  const accent = requested.toLowerCase();
  if (!HEX_COLOUR.test(accent)) return { status: 'refused', requested, code: 'not-a-colour' };
  const failures = contrastFailures(look, accent);
  if (failures.length === 0) return { status: 'ok', accent };
  const worst = failures.reduce((a, b) => (b.ratio / b.needed < a.ratio / a.needed ? b : a));
  const shortfall: Shortfall = {
    what: worst.check.what,
    ratio: worst.ratio,
    needed: worst.needed,
    large: worst.check.large ?? false,
    mark: worst.check.mark ?? false,
  };
  const { h, s, l } = toHsl(accent);
  for (let step = 1; step <= STEPS; step += 1) {
    for (const direction of [-1, 1]) {
      const lightness = l + (direction * step) / STEPS;
      if (lightness < 0 || lightness > 1) continue;
      const candidate = fromHsl(h, s, lightness);
      if (contrastFailures(look, candidate).length > 0) continue;
      return {
        status: 'adjusted',
        requested: accent,
        accent: candidate,
        shortfall,
        direction: direction < 0 ? 'darker' : 'lighter',
        ratio: (worst.check.mark ? lighterBy : contrast)(
          candidateColour(look, candidate, worst.check.text),
          candidateColour(look, candidate, worst.check.background),
        ),
      };
    }
  }
  return { status: 'refused', requested: accent, code: 'no-readable-shade', shortfall };
}

function candidateColour(look: TemplateLook, accent: string, ref: string): string {
  return ref.startsWith('--') ? look.accentVars(accent)[ref]! : ref;
}

/**
 * The custom properties a page sets on its template's root for this appearance: nothing for the
 * template's own look (the page stays as it was), the accent only once the guard let it through.
 */
export function appearanceVars(
  look: TemplateLook,
  appearance: Appearance | undefined,
): Record<string, string> | undefined {
  if (!appearance) return undefined;
  const vars: Record<string, string> = {};
  const accent = appearance.accent;
  if (accent && accent !== defaultAccent(look)) {
    const verdict = guardAccent(look, accent);
    // A stored colour is one the guard passed; a stale draft's is at least made readable.
    if (verdict.status !== 'refused') {
      Object.assign(vars, look.accentVars(verdict.accent), look.derivedVars?.(verdict.accent));
    }
  }
  const fonts = appearance.fonts;
  if (fonts && fonts !== defaultPairing(look) && look.pairings.includes(fonts)) {
    vars['--tpl-heading-font'] = fontStack(FONT_PAIRINGS[fonts].heading);
    vars['--tpl-body-font'] = fontStack(FONT_PAIRINGS[fonts].body);
  }
  return Object.keys(vars).length > 0 ? vars : undefined;
}

/** What of an appearance a template can use: the accent always, a pairing it offers. */
export function fitAppearance(
  look: TemplateLook,
  appearance: Appearance | undefined,
): Appearance | undefined {
  if (!appearance) return undefined;
  const fitted: Appearance = {
    ...(appearance.accent && { accent: appearance.accent }),
    ...(appearance.accent && appearance.chosenAccent && { chosenAccent: appearance.chosenAccent }),
    ...(appearance.fonts &&
      look.pairings.includes(appearance.fonts) && { fonts: appearance.fonts }),
  };
  return Object.keys(fitted).length > 0 ? fitted : undefined;
}
