import { describe, expect, it } from 'vitest';
import { carryOver, type LostLine } from './carry-over.js';
import { parsed } from './common/test-helpers.js';
import { TEMPLATE_DEFINITIONS } from './catalog.js';
import type { TemplateShape } from './pick-fields.js';
import {
  mergeSetAside,
  restoreSetAside,
  setAsideAsTyped,
  stillSetAside,
  type SetAside,
} from './set-aside.js';
import { SECTION_KEYS, type PortfolioData } from '../domain/portfolio.js';

const { template1: miniport, template2: directive, template3: hyperspace } = TEMPLATE_DEFINITIONS;
const { template4: solidState, template5: phantom } = TEMPLATE_DEFINITIONS;

/** The lines the person reads, and those of them gone for good (nothing of them kept). */
const linesOf = (lost: readonly LostLine[]) => lost.map((entry) => entry.line);
const discardedOf = (lost: readonly LostLine[]) => linesOf(lost.filter((entry) => !entry.setAside));

const tilesOf = (data: PortfolioData) =>
  SECTION_KEYS.flatMap((key) => data[key]?.sectionTiles ?? []).filter((tile) => tile.desc !== '');

/** A change of template as the editor makes it: carry over, then bring back what was set aside. */
function switchTo(
  draft: { data: PortfolioData; setAside?: SetAside },
  from: TemplateShape,
  to: TemplateShape,
) {
  const carried = carryOver(draft.data, from, to);
  const back = restoreSetAside(carried.data, to, mergeSetAside(draft.setAside, carried.setAside));
  return { ...back, carried };
}

// Directive shows an address, a section's footer text and tile icons; Phantom shows neither the
// address nor the footer text, Mini-port's Portfolio no icons.
const directiveDraft = parsed({
  personalDetails: { name: 'Asha Rao', headline: 'Designer of quiet rooms', intro: 'Hello' },
  section: {
    sectionTitle: 'Work',
    sectionSubTitle: 'Recent',
    sectionFooterText: 'More on request',
    sectionTiles: [
      { img: '', title: 'Kitchens', desc: 'First', link: '', icon: 'star' },
      { img: '', title: 'Libraries', desc: 'Second', link: '', icon: 'camera' },
      { img: '', title: '', desc: 'A tile with no title', link: '', icon: 'heart' },
    ],
  },
  contactDetails: { email: 'asha@example.com', address: 'Kochi, Kerala' },
  appearance: { fonts: 'arial' },
});

describe('what a change of template sets aside', () => {
  it("comes back on switching back: the address and a section's footer text", () => {
    const there = switchTo({ data: directiveDraft }, directive, phantom);
    expect(there.data.contactDetails.address).toBe('');
    expect(there.data.section?.sectionFooterText).toBe('');
    expect(linesOf(there.carried.lost)).toEqual(['“Work”: the footer text', 'Address']);
    expect(discardedOf(there.carried.lost)).toEqual([]);
    expect(there.setAside).toMatchObject({
      contactDetails: { address: 'Kochi, Kerala' },
      sections: [{ title: 'Work', fields: { sectionFooterText: 'More on request' } }],
    });

    const back = switchTo({ data: there.data, setAside: there.setAside }, phantom, directive);
    expect(back.data.contactDetails.address).toBe('Kochi, Kerala');
    expect(back.data.section?.sectionFooterText).toBe('More on request');
    expect(back.restored).toEqual(expect.arrayContaining(['your address', 'section texts']));
    expect(back.setAside).toBeUndefined();
  });

  it('finds a section again by its tiles when its title was changed meanwhile', () => {
    const there = switchTo({ data: directiveDraft }, directive, phantom);
    const renamed = structuredClone(there.data);
    renamed.section!.sectionTitle = 'Rooms';
    const back = switchTo({ data: renamed, setAside: there.setAside }, phantom, directive);
    expect(back.data.section?.sectionTitle).toBe('Rooms');
    expect(back.data.section?.sectionFooterText).toBe('More on request');
  });

  it('keeps the icons of services in Solid-State, whose Features show them, and back', () => {
    const toSolid = switchTo({ data: directiveDraft }, directive, solidState);
    expect(linesOf(toSolid.carried.lost)).toEqual([]);
    expect(tilesOf(toSolid.data).map((tile) => [tile.title, tile.icon])).toEqual([
      ['Kitchens', 'star'],
      ['Libraries', 'camera'],
      ['', 'heart'],
    ]);
    const back = switchTo(
      { data: toSolid.data, setAside: toSolid.setAside },
      solidState,
      directive,
    );
    expect(tilesOf(back.data).map((tile) => [tile.title, tile.icon])).toEqual([
      ['Kitchens', 'star'],
      ['Libraries', 'camera'],
      ['', 'heart'],
    ]);
  });

  it('brings back the icons of tiles it can find again, and names the rest as discarded', () => {
    // With pictures the tiles are photos: Mini-port's Portfolio shows them, without icons. The
    // untitled tile has no picture either, so nothing finds it again.
    const photos = structuredClone(directiveDraft);
    photos.section!.sectionTiles[0]!.img = 'https://example.com/kitchens.jpg';
    photos.section!.sectionTiles[1]!.img = 'https://example.com/libraries.jpg';
    const toMiniport = switchTo({ data: photos }, directive, miniport);
    expect(linesOf(toMiniport.carried.lost)).toEqual([
      '“Work”: the icon of 2 tiles',
      '“Work”: the icon of 1 untitled tile',
    ]);
    expect(discardedOf(toMiniport.carried.lost)).toEqual(['“Work”: the icon of 1 untitled tile']);
    expect(tilesOf(toMiniport.data).map((tile) => tile.icon)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);

    const back = switchTo(
      { data: toMiniport.data, setAside: toMiniport.setAside },
      miniport,
      directive,
    );
    expect(tilesOf(back.data).map((tile) => [tile.title, tile.icon])).toEqual([
      ['Kitchens', 'star'],
      ['Libraries', 'camera'],
      ['', undefined],
    ]);
    expect(back.restored).toEqual(expect.arrayContaining(['tile details']));
  });

  it('brings a greeting back from Solid-State, which has no greeting', () => {
    const miniportDraft = parsed({
      personalDetails: { name: 'Ishani Basu' },
      phrases: { greeting: 'Namaste, I am' },
    });
    const toSolid = switchTo({ data: miniportDraft }, miniport, solidState);
    expect(linesOf(toSolid.carried.lost)).toEqual(['Greeting before your name']);
    expect(toSolid.data.phrases?.greeting).toBeUndefined();
    const back = switchTo({ data: toSolid.data, setAside: toSolid.setAside }, solidState, miniport);
    expect(back.data.phrases?.greeting).toBe('Namaste, I am');
    expect(back.restored).toEqual(['your wording of the page']);
  });

  it('comes back on a third template that shows it, not only the first', () => {
    const toPhantom = switchTo({ data: directiveDraft }, directive, phantom);
    const toHyperspace = switchTo(
      { data: toPhantom.data, setAside: toPhantom.setAside },
      phantom,
      hyperspace,
    );
    expect(toHyperspace.data.contactDetails.address).toBe('Kochi, Kerala');
  });

  it('keeps what was set aside last', () => {
    const toPhantom = switchTo({ data: directiveDraft }, directive, phantom);
    const toHyperspace = switchTo(
      { data: toPhantom.data, setAside: toPhantom.setAside },
      phantom,
      hyperspace,
    );
    // Moved house on Hyperspace, then Phantom again and back to Directive: the new address.
    const moved = structuredClone(toHyperspace.data);
    moved.contactDetails.address = 'Thrissur';
    const again = switchTo({ data: moved, setAside: toHyperspace.setAside }, hyperspace, phantom);
    const back = switchTo({ data: again.data, setAside: again.setAside }, phantom, directive);
    expect(back.data.contactDetails.address).toBe('Thrissur');
  });

  it('keeps a font pairing the new template does not offer, for a template that does', () => {
    // Mini-port does not offer Arial; Directive does.
    const there = switchTo({ data: directiveDraft }, directive, miniport);
    expect(there.data.appearance?.fonts).toBeUndefined();
    const back = switchTo({ data: there.data, setAside: there.setAside }, miniport, directive);
    expect(back.data.appearance?.fonts).toBe('arial');
  });

  it('makes a section that joined another a section again where there is room', () => {
    // Mini-port's two sections; Directive has one, so the services join the photos there.
    const miniportDraft = parsed({
      personalDetails: { name: 'Ravi Iyer' },
      section: {
        sectionTitle: 'How I work',
        sectionSubTitle: 'From site walk to handover',
        sectionTiles: [
          { title: 'Site visits', desc: 'Every week.', icon: 'camera' },
          { title: 'Drawings', desc: 'By hand first.', icon: 'paintbrush' },
        ],
      },
      section2: {
        sectionTitle: 'Built work',
        sectionTiles: [{ title: 'Lake house', desc: 'Timber.', img: 'https://example.com/a.jpg' }],
      },
    });
    const toDirective = switchTo({ data: miniportDraft }, miniport, directive);
    expect(tilesOf(toDirective.data).map((tile) => tile.title)).toEqual([
      'Lake house',
      'Site visits',
      'Drawings',
    ]);
    // Its title and sub title are kept for later, not discarded.
    expect(linesOf(toDirective.carried.lost)).toEqual([
      '“How I work”: the title',
      '“How I work”: the sub title',
    ]);
    expect(discardedOf(toDirective.carried.lost)).toEqual([]);

    const back = switchTo(
      { data: toDirective.data, setAside: toDirective.setAside },
      directive,
      miniport,
    );
    expect(back.data.section).toMatchObject({
      sectionTitle: 'How I work',
      sectionSubTitle: 'From site walk to handover',
    });
    expect(back.data.section?.sectionTiles.map((tile) => [tile.title, tile.icon])).toEqual([
      ['Site visits', 'camera'],
      ['Drawings', 'paintbrush'],
    ]);
    expect(back.data.section2?.sectionTitle).toBe('Built work');
    expect(back.data.section2?.sectionTiles.map((tile) => tile.title)).toEqual(['Lake house']);
    expect(back.restored).toContain('your section “How I work”');
    expect(back.setAside).toBeUndefined();
    // Each line of the first change knows what it kept, and that it is back now.
    const [title] = toDirective.carried.lost;
    expect(stillSetAside(title!.setAside!, toDirective.setAside)).toBe(true);
    expect(stillSetAside(title!.setAside!, back.setAside)).toBe(false);
  });

  it('tells a value still set aside from one a restore has put back', () => {
    const setAside: SetAside = {
      contactDetails: { address: 'Kochi' },
      tiles: [{ title: 'Design', img: '', fields: { icon: 'star' } }],
    };
    expect(stillSetAside({ contactDetails: { address: 'Kochi' } }, setAside)).toBe(true);
    expect(stillSetAside({ contactDetails: { tel: '1' } }, setAside)).toBe(false);
    const icon = { tiles: [{ title: 'Design', img: '', fields: { icon: 'star' } }] };
    expect(stillSetAside(icon, setAside)).toBe(true);
    expect(stillSetAside(icon, { contactDetails: { address: 'Kochi' } })).toBe(false);
    expect(stillSetAside(icon, undefined)).toBe(false);
  });

  it('keeps two untitled sections apart, each found again by its tiles', () => {
    const data = parsed({
      personalDetails: { name: 'Asha' },
      section: { sectionTiles: [{ title: 'Lake house', img: 'https://example.com/a.jpg' }] },
      section2: { sectionTiles: [{ title: 'Site visits', icon: 'camera' }] },
    });
    const { data: back } = restoreSetAside(data, hyperspace, {
      sections: [
        { title: '', tiles: ['Site visits'], fields: { sectionSubTitle: 'Booked until March' } },
        { title: '', tiles: ['Lake house'], fields: { sectionSubTitle: 'Built in 2024' } },
      ],
    });
    expect(back.section?.sectionSubTitle).toBe('Built in 2024');
    expect(back.section2?.sectionSubTitle).toBe('Booked until March');
  });

  it('is read from storage without trusting it', () => {
    expect(setAsideAsTyped(null)).toBeUndefined();
    expect(setAsideAsTyped({ personalDetails: { headline: 42 } })).toBeUndefined();
    expect(
      setAsideAsTyped({
        personalDetails: { headline: 'Kept', other: 'x' },
        tiles: [
          { title: 'A', img: '', fields: { icon: 'not-an-icon', desc: 'D' } },
          { title: '', img: '', fields: { desc: 'unfindable' } },
        ],
        appearance: { accent: 'red', fonts: 'no-such-pairing' },
      }),
    ).toEqual({
      personalDetails: { headline: 'Kept' },
      tiles: [{ title: 'A', img: '', fields: { desc: 'D' } }],
    });
  });
});
