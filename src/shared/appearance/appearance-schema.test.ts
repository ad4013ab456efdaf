import { describe, expect, it } from 'vitest';
import { parsePortfolio } from '../domain/portfolio.js';
import { SAMPLE_DATA } from '../templates/registry.js';
import { TEMPLATE_DEFINITIONS } from '../templates/registry.js';
import { appearanceProblem } from './appearance-schema.js';

const withAppearance = (appearance: unknown) => ({ ...SAMPLE_DATA.template1, appearance });

describe('the stored appearance', () => {
  it('keeps a colour (in one spelling) and a known pairing', () => {
    const parsed = parsePortfolio(withAppearance({ accent: ' #0F766E ', fonts: 'noto-sans' }));
    expect(parsed).toMatchObject({ ok: true });
    if (parsed.ok)
      expect(parsed.data.appearance).toEqual({ accent: '#0f766e', fonts: 'noto-sans' });
  });

  it('leaves a document without one as it was', () => {
    const parsed = parsePortfolio(withAppearance({}));
    expect(parsed.ok && 'appearance' in parsed.data).toBe(false);
  });

  it.each([
    [{ accent: 'red' }, 'appearance.accent', 'must be a colour like #1b75a6'],
    [{ accent: '#12345' }, 'appearance.accent', 'must be a colour like #1b75a6'],
    [{ accent: '#1234567' }, 'appearance.accent', 'must be a colour like #1b75a6'],
    [{ accent: 'x'.repeat(5000) }, 'appearance.accent', 'must be a colour like #1b75a6'],
    [{ accent: 42 }, 'appearance.accent', 'must be a colour like #1b75a6'],
    [{ fonts: 'comic-sans' }, 'appearance.fonts', 'must be one of: open-sans'],
    ['dark', 'appearance', 'must be an object'],
  ])('refuses %j, naming %s', (appearance, field, message) => {
    const parsed = parsePortfolio(withAppearance(appearance));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problem.field).toBe(field);
    expect(parsed.problem.message).toContain(message);
  });
});

describe('appearanceProblem (what the server checks with the template known)', () => {
  const miniport = TEMPLATE_DEFINITIONS.template1;
  const problem = (appearance: Parameters<typeof appearanceProblem>[2]) =>
    appearanceProblem(miniport.look, miniport.name, appearance);

  it('accepts the palette, a readable colour of ones own and an offered pairing', () => {
    expect(problem(undefined)).toBeUndefined();
    expect(problem({ accent: '#4f46e5', fonts: 'noto-sans' })).toBeUndefined();
    expect(problem({ accent: '#000000' })).toBeUndefined();
  });

  it('refuses a pairing the template does not offer', () => {
    expect(problem({ fonts: 'arial' })).toMatchObject({
      field: 'appearance.fonts',
      message: expect.stringContaining('arial is not offered by Mini-port'),
    });
  });

  it('refuses an unreadable colour, saying why and which shade would do', () => {
    const found = problem({ accent: '#ffff00' });
    expect(found?.field).toBe('appearance.accent');
    expect(found?.message).toMatch(
      /^appearance\.accent is not readable on Mini-port: #ffff00 is hard to read as .* needs 4\.5:1\)\. Use #[0-9a-f]{6} instead\.$/,
    );
  });
});
