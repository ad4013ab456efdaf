/**
 * Colour arithmetic for the contrast guard, in sRGB as WCAG 2.2 defines it: hex colours, relative
 * luminance, contrast ratio, a colour with some opacity laid over its background, and moving a
 * colour along HSL lightness (which changes every channel the same way, so luminance rises or
 * falls with it and a search along it always ends).
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
  /** Opacity 0-1 (text drawn in a translucent white, for instance). */
  a: number;
}

/** `#rrggbb`, lower case: the one spelling a stored accent has. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** `#rgb`, `#rrggbb` or `#rrggbbaa` (either case) as channels; undefined for anything else. */
export function parseHex(value: string): Rgb | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value);
  if (!match) return undefined;
  let hex = match[1]!;
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join('');
  const channel = (index: number) => parseInt(hex.slice(index, index + 2), 16);
  return {
    r: channel(0),
    g: channel(2),
    b: channel(4),
    a: hex.length === 8 ? channel(6) / 255 : 1,
  };
}

function requireHex(value: string): Rgb {
  const rgb = parseHex(value);
  if (!rgb) throw new Error(`not a hex colour: ${value}`);
  return rgb;
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance (0 black to 1 white). */
export function luminance({ r, g, b }: Rgb): number {
  const [lr = 0, lg = 0, lb = 0] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** A translucent colour as it shows over an opaque background. */
export function over(top: Rgb, below: Rgb): Rgb {
  const mixChannel = (a: number, b: number) => a * top.a + b * (1 - top.a);
  return {
    r: mixChannel(top.r, below.r),
    g: mixChannel(top.g, below.g),
    b: mixChannel(top.b, below.b),
    a: 1,
  };
}

/** WCAG 2 contrast ratio of text over a background (1 to 21); the text may be translucent. */
export function contrast(text: string, background: string): number {
  const bg = requireHex(background);
  const fg = over(requireHex(text), bg);
  const [a, b] = [luminance(fg), luminance(bg)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** `amount` (0-1) of `other` mixed into `colour`, as CSS color-mix in srgb does. */
export function mix(colour: string, other: string, amount: number): string {
  const [a, b] = [requireHex(colour), requireHex(other)];
  const channel = (x: number, y: number) => x * (1 - amount) + y * amount;
  return toHex({ r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: 1 });
}

/** Hue (0-360), saturation and lightness (0-1) of an opaque colour. */
export function toHsl(colour: string): { h: number; s: number; l: number } {
  const { r, g, b } = requireHex(colour);
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  const max = Math.max(rf, gf, bf);
  const min = Math.min(rf, gf, bf);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rf
      ? ((gf - bf) / d + (gf < bf ? 6 : 0)) * 60
      : max === gf
        ? ((bf - rf) / d + 2) * 60
        : ((rf - gf) / d + 4) * 60;
  return { h, s, l };
}

export function fromHsl(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return toHex({ r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255, a: 1 });
}
