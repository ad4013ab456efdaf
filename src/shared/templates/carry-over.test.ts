import { describe, expect, it } from 'vitest';
import { carryOver, type LostLine } from './carry-over.js';
import { parsed } from './common/test-helpers.js';
import { TEMPLATE_DEFINITIONS, TEMPLATE_IDS, type TemplateId } from './catalog.js';
import { pickTemplateFields } from './pick-fields.js';
import { SAMPLE_DATA } from './registry.js';
import { TILE_ICONS } from '../domain/icons.js';
import { LIMITS } from '../domain/limits.js';
import {
  blankSection,
  parsePortfolio,
  SECTION_KEYS,
  type PortfolioData,
  type SectionField,
  type Tile,
} from '../domain/portfolio.js';

const { template1: miniport, template2: directive, template3: hyperspace } = TEMPLATE_DEFINITIONS;
const { template4: solidState, template5: phantom } = TEMPLATE_DEFINITIONS;

/** The lines the person reads. */
const linesOf = (lost: readonly LostLine[]) => lost.map((entry) => entry.line);

// Directive (template2): headline, one "Features" section with footer text, image and icon
// tiles, and an address. Phantom (template5) has no address and no footer text; Miniport
// (template1) has no icons in its photos section.
const directiveDraft = parsed({
  personalDetails: { name: 'Asha Rao', headline: 'Designer', intro: 'Hello', profileImage: '' },
  section: {
    sectionTitle: 'Work',
    sectionSubTitle: 'Recent',
    sectionFooterText: 'More on request',
    sectionTiles: [
      { img: 'https://example.com/a.png', title: 'A', desc: 'First', link: '', icon: 'star' },
      { img: '', title: 'B', desc: 'Second', link: 'https://example.com/b' },
    ],
  },
  contactDetails: {
    email: 'asha@example.com',
    tel: '+91 98765 43210',
    address: 'Kochi',
    socialLinks: [{ url: 'https://github.com/asha', label: 'GitHub', iconClass: 'github' }],
  },
});

const titles = (data: PortfolioData) =>
  Object.fromEntries(
    SECTION_KEYS.flatMap((key) =>
      data[key] ? [[key, data[key].sectionTiles.map((tile) => tile.title)]] : [],
    ),
  );

describe('changing template in the editor', () => {
  it('carries over everything the two templates share', () => {
    const { data, moves, joined } = carryOver(directiveDraft, directive, phantom);
    expect(data.personalDetails).toMatchObject({
      name: 'Asha Rao',
      headline: 'Designer',
      intro: 'Hello',
    });
    expect(data.contactDetails).toMatchObject({
      email: 'asha@example.com',
      tel: '+91 98765 43210',
      address: '',
      socialLinks: directiveDraft.contactDetails.socialLinks,
    });
    expect(data.section?.sectionTitle).toBe('Work');
    expect(data.section?.sectionFooterText).toBe('');
    expect(data.section?.sectionTiles.map((tile) => [tile.title, tile.desc, tile.img])).toEqual([
      ['A', 'First', 'https://example.com/a.png'],
      ['B', 'Second', ''],
    ]);
    expect(moves).toEqual([]);
    expect(joined).toBe(false);
  });

  it('lists what the new template cannot show, and nothing when it shows it all', () => {
    const toPhantom = carryOver(directiveDraft, directive, phantom);
    expect(linesOf(toPhantom.lost)).toEqual(['“Work”: the footer text', 'Address']);
    // The line that is a whole field says which, by its place in the draft.
    expect(toPhantom.lost[1]?.field).toEqual({ group: 'contactDetails', field: 'address' });
    // The tile with a picture makes Features photos: Mini-port's Portfolio shows them, not icons.
    const toMiniport = carryOver(directiveDraft, directive, miniport);
    expect(linesOf(toMiniport.lost)).toEqual(['“Work”: the icon of 1 tile']);
    expect(toMiniport.moves).toEqual([]);
    expect(titles(toMiniport.data)).toEqual({ section2: ['A', 'B'] });
    const empty = parsed({ personalDetails: { name: 'Asha' } });
    expect(carryOver(empty, directive, phantom)).toMatchObject({ lost: [], moves: [] });
  });

  it("names a section by the person's own title, by the template's word when it has none", () => {
    const draft = (sectionTitle: string) =>
      parsed({
        personalDetails: { name: 'Meera' },
        section: {
          sectionTitle,
          sectionFooterText: 'More on request',
          sectionTiles: [{ title: 'Monsoon', icon: 'star', img: 'https://example.com/m.jpg' }],
        },
      });
    const lines = (title: string) => linesOf(carryOver(draft(title), directive, phantom).lost);
    expect(lines('निबंध')).toEqual(['“निबंध”: the footer text']);
    expect(lines('')).toEqual(['Features: the footer text']);
    // Over the person's own tiles, a title that happens to read as the sample's is theirs too
    // (a reviewer's "What I do" was replaced by the next template's sample title).
    const samples = {
      from: parsed({
        personalDetails: { name: 'Sam' },
        section: { sectionTitle: 'Sample work', sectionTiles: [{ title: 'Elsewhere' }] },
      }),
    };
    expect(linesOf(carryOver(draft('Sample work'), directive, phantom, samples).lost)).toEqual([
      '“Sample work”: the footer text',
    ]);
  });

  it('puts photos where the new template shows photos, and services with services', () => {
    // The move that lost a new user three project photos: Hyperspace's first section is its
    // photos, Mini-port's first is services without pictures.
    const hyperspaceDraft = parsed({
      personalDetails: { name: 'Ravi', headline: 'Photographer' },
      section: {
        sectionTitle: 'Projects',
        sectionTiles: [1, 2, 3].map((n) => ({
          img: `https://example.com/p${n}.jpg`,
          title: `Project ${n}`,
        })),
      },
      section2: {
        sectionTitle: 'Services',
        sectionTiles: [{ title: 'Weddings', icon: 'camera' }],
      },
    });
    const { data, lost, moves, joined } = carryOver(hyperspaceDraft, hyperspace, miniport);
    expect(data.section2?.sectionTitle).toBe('Projects');
    expect(data.section2?.sectionTiles.map((tile) => tile.img)).toEqual([
      'https://example.com/p1.jpg',
      'https://example.com/p2.jpg',
      'https://example.com/p3.jpg',
    ]);
    expect(data.section).toMatchObject({
      sectionTitle: 'Services',
      sectionTiles: [{ title: 'Weddings', icon: 'camera' }],
    });
    expect(linesOf(lost)).toEqual([]);
    expect(moves).toEqual([]);
    expect(joined).toBe(false);

    // And on to Solid-State, whose first section is its photos: no letters in place of them, and
    // its Features draw the services' icons.
    const solid = carryOver(data, miniport, solidState);
    expect(solid.data.section?.sectionTiles.map((tile) => tile.img)).toEqual([
      'https://example.com/p1.jpg',
      'https://example.com/p2.jpg',
      'https://example.com/p3.jpg',
    ]);
    expect(titles(solid.data)).toEqual({
      section: ['Project 1', 'Project 2', 'Project 3'],
      section2: ['Weddings'],
    });
    expect(solid.data.section2?.sectionTiles.map((tile) => tile.icon)).toEqual(['camera']);
    expect(solid.moves).toEqual([]);
    expect(linesOf(solid.lost)).toEqual([]);
  });

  it('moves a section whose tiles have icons and no pictures to services', () => {
    const iconsOnly = parsed({
      personalDetails: { name: 'Asha' },
      section: {
        sectionTitle: 'What I offer',
        sectionTiles: [{ title: 'Branding', icon: 'paintbrush' }, { title: 'Web' }],
      },
    });
    const { data, lost, moves } = carryOver(iconsOnly, directive, miniport);
    expect(titles(data)).toEqual({ section: ['Branding', 'Web'] });
    expect(data.section?.sectionTiles[0]?.icon).toBe('paintbrush');
    expect(linesOf(lost)).toEqual([]);
    expect(moves).toEqual([]);
  });

  it('joins a section with no place of its own to one that has, after its tiles', () => {
    const miniportDraft = parsed({
      personalDetails: { name: 'Asha' },
      section: {
        sectionTitle: 'What I do',
        sectionTiles: [{ title: 'Design', icon: 'paintbrush' }, { title: '' }],
      },
      section2: {
        sectionTitle: 'Weddings',
        sectionTiles: [{ title: 'One', img: 'https://example.com/1.jpg' }, { title: 'Two' }],
      },
    });
    const { data, lost, moves, joined } = carryOver(miniportDraft, miniport, directive);
    // Portfolio has the pictures, so it takes Features and keeps its title; the blank tile goes.
    expect(data.section?.sectionTitle).toBe('Weddings');
    expect(titles(data)).toEqual({ section: ['One', 'Two', 'Design'] });
    expect(data.section?.sectionTiles[2]?.icon).toBe('paintbrush');
    expect(data.section2).toBeUndefined();
    // Named by the person's titles, not the templates' words for the places.
    expect(linesOf(lost)).toEqual(['“What I do”: the title']);
    expect(moves).toEqual(['“What I do”: 1 tile joins “Weddings”']);
    expect(joined).toBe(true);
  });

  it(`stops a joining section at ${LIMITS.maxTiles} tiles and names the rest`, () => {
    const crowded = parsed({
      personalDetails: { name: 'Asha' },
      section: {
        sectionTiles: Array.from({ length: 20 }, (_, n) => ({ title: `Highlight ${n}` })),
      },
      section2: {
        sectionTiles: Array.from({ length: 10 }, (_, n) => ({ title: `Service ${n}` })),
      },
    });
    const { data, lost, moves } = carryOver(crowded, hyperspace, phantom);
    expect(data.section?.sectionTiles).toHaveLength(LIMITS.maxTiles);
    expect(data.section?.sectionTiles.at(-1)?.title).toBe('Service 3');
    expect(linesOf(lost)).toEqual([`What I do: 6 tiles (Work holds at most ${LIMITS.maxTiles})`]);
    expect(moves).toEqual(['Highlights → Work', 'What I do: 4 tiles join Work']);
    expect(parsePortfolio(data).ok).toBe(true);
  });

  it('leaves an empty section behind, and asks nothing about it', () => {
    const draft = parsed({
      personalDetails: { name: 'Asha' },
      section: { sectionTiles: [{ title: '' }] },
      section2: { sectionTitle: 'What I do', sectionTiles: [{ title: 'Editing' }] },
    });
    const { data, lost, joined } = carryOver(draft, hyperspace, phantom);
    expect(titles(data)).toEqual({ section: ['Editing'] });
    expect(linesOf(lost)).toEqual([]);
    expect(joined).toBe(false);
  });
});

// The test's own words for what is dropped, so a change of wording shows here.
const PERSONAL_WORDS = {
  name: 'Name',
  headline: 'Headline',
  intro: 'Intro',
  profileImage: 'Profile picture',
};
const CONTACT_WORDS = {
  email: 'Email',
  tel: 'Phone',
  address: 'Address',
  socialLinks: 'Social links',
};
const SECTION_WORDS: Record<SectionField, string> = {
  sectionTitle: 'title',
  sectionSubTitle: 'sub title',
  sectionFooterText: 'footer text',
};

/** Everything `id` shows, filled with text found nowhere else: 3 tiles a section. */
function fullPortfolio(id: TemplateId): PortfolioData {
  const definition = TEMPLATE_DEFINITIONS[id];
  const personal = Object.fromEntries(
    definition.personalDetails.map((field) => [
      field,
      field === 'profileImage' ? `https://example.com/${id}/me.jpg` : `${id} ${field}`,
    ]),
  );
  let icon = 0;
  const sections = Object.fromEntries(
    SECTION_KEYS.flatMap((key) => {
      const spec = definition.sections[key];
      if (!spec) return [];
      const tiles = [1, 2, 3].map((n) => ({
        title: `${id} ${key} tile ${n}`,
        desc: `${id} ${key} description ${n}`,
        link: `https://example.com/${id}/${key}/${n}`,
        ...(spec.tileFields.includes('img') && {
          img: `https://example.com/${id}/${key}/${n}.jpg`,
        }),
        ...(spec.tileFields.includes('icon') && { icon: TILE_ICONS[icon++] }),
      }));
      const fields = Object.fromEntries(
        spec.fields.map((field) => [field, `${id} ${key} ${field}`]),
      );
      return [[key, { ...fields, sectionTiles: tiles }]];
    }),
  );
  const contact = {
    email: `${id}@example.com`,
    tel: '+91 98765 43210',
    address: `${id} address`,
    socialLinks: [{ url: `https://github.com/${id}`, label: 'GitHub', iconClass: 'github' }],
  };
  return parsed({
    personalDetails: personal,
    ...sections,
    contactDetails: Object.fromEntries(
      definition.contactDetails.map((field) => [field, contact[field]]),
    ),
  });
}

const pairs = TEMPLATE_IDS.flatMap((from) =>
  TEMPLATE_IDS.filter((to) => to !== from).map((to) => [from, to] as const),
);

describe.each(pairs)('a full %s portfolio moved to %s', (fromId, toId) => {
  const from = TEMPLATE_DEFINITIONS[fromId];
  const to = TEMPLATE_DEFINITIONS[toId];
  const before = fullPortfolio(fromId);
  const { data: after, lost } = carryOver(before, from, to);
  const landed = SECTION_KEYS.flatMap((key) =>
    (after[key]?.sectionTiles ?? []).map((tile) => ({ spec: to.sections[key]!, tile })),
  );
  const landingOf = (tile: Tile) => landed.find((place) => place.tile.title === tile.title);
  const showsImages = Object.values(to.sections).some((spec) => spec.tileFields.includes('img'));

  it('keeps every tile once, with its title, description and link', () => {
    expect(pairs).toHaveLength(20);
    const tiles = SECTION_KEYS.flatMap((key) => before[key]?.sectionTiles ?? []);
    expect(landed.map(({ tile }) => tile.title).sort()).toEqual(
      tiles.map((tile) => tile.title).sort(),
    );
    for (const tile of tiles) {
      expect(landingOf(tile)?.tile).toMatchObject({ desc: tile.desc, link: tile.link });
    }
    expect(parsePortfolio(after)).toMatchObject({ ok: true, data: after });
  });

  it('keeps photos, icons where they show, and the details both templates have', () => {
    for (const key of SECTION_KEYS) {
      for (const tile of before[key]?.sectionTiles ?? []) {
        const place = landingOf(tile)!;
        if (tile.img && showsImages) expect(place.tile.img).toBe(tile.img);
        if (tile.icon && place.spec.tileFields.includes('icon')) {
          expect(place.tile.icon).toBe(tile.icon);
        }
      }
    }
    for (const field of from.personalDetails.filter((f) => to.personalDetails.includes(f))) {
      expect(after.personalDetails[field]).toBe(before.personalDetails[field]);
    }
    for (const field of from.contactDetails.filter((f) => to.contactDetails.includes(f))) {
      expect(after.contactDetails[field]).toEqual(before.contactDetails[field]);
    }
  });

  it('names everything it drops, in the page order, and nothing else', () => {
    const dropped: string[] = [];
    for (const field of from.personalDetails) {
      if (after.personalDetails[field] !== before.personalDetails[field]) {
        dropped.push(PERSONAL_WORDS[field]);
      }
    }
    for (const key of SECTION_KEYS) {
      const spec = from.sections[key];
      const section = before[key];
      if (!spec || !section) continue;
      // Named as the person titled it, by the template's word where they could not.
      const name = section.sectionTitle ? `“${section.sectionTitle}”` : spec.label;
      for (const field of spec.fields) {
        if (!SECTION_KEYS.some((target) => after[target]?.[field] === section[field])) {
          dropped.push(`${name}: the ${SECTION_WORDS[field]}`);
        }
      }
      const missing = (field: 'img' | 'icon') =>
        section.sectionTiles.filter((tile) => tile[field] !== landingOf(tile)!.tile[field]).length;
      if (spec.tileFields.includes('img') && missing('img') > 0) {
        dropped.push(`${name}: the image of ${missing('img')} tiles`);
      }
      if (spec.tileFields.includes('icon') && missing('icon') > 0) {
        dropped.push(`${name}: the icon of ${missing('icon')} tiles`);
      }
    }
    for (const field of from.contactDetails) {
      const same = JSON.stringify(after.contactDetails[field]);
      if (same !== JSON.stringify(before.contactDetails[field])) dropped.push(CONTACT_WORDS[field]);
    }
    expect(linesOf(lost)).toEqual(dropped);
  });
});

describe('reworded phrases on a change of template', () => {
  // Mini-port's greeting before the name, reworded; its contact heading too, which every
  // template has.
  const miniportDraft: PortfolioData = {
    ...parsed({ personalDetails: { name: 'Ishani Basu', intro: 'I draw.' } }),
    phrases: { greeting: 'Namaste, I am', contactHeading: 'Write to me' },
  };

  it('carries a phrase the new template also has, and names one it has not', () => {
    const { data, lost } = carryOver(miniportDraft, miniport, solidState);
    expect(data.phrases).toEqual({ contactHeading: 'Write to me' });
    expect(linesOf(lost)).toEqual(['Greeting before your name']);
  });

  it('names nothing when the new template has every reworded phrase', () => {
    const onlyShared = { ...miniportDraft, phrases: { contactHeading: 'Write to me' } };
    const { data, lost } = carryOver(onlyShared, miniport, phantom);
    expect(data.phrases).toEqual({ contactHeading: 'Write to me' });
    expect(linesOf(lost)).toEqual([]);
  });
});

describe('the look on a change of template', () => {
  const withLook = (appearance: PortfolioData['appearance']): PortfolioData => ({
    ...directiveDraft,
    ...(appearance && { appearance }),
  });

  it('carries the accent and a pairing the new template offers', () => {
    const result = carryOver(
      withLook({ accent: '#0e7490', fonts: 'noto-sans' }),
      directive,
      phantom,
    );
    expect(result.data.appearance).toEqual({ accent: '#0e7490', fonts: 'noto-sans' });
    expect(result.moves.join('\n')).not.toMatch(/Accent|Fonts/);
  });

  it("falls back to the new template's own pairing when it does not offer the chosen one, and says so", () => {
    const result = carryOver(withLook({ fonts: 'open-sans' }), directive, phantom);
    expect(result.data.appearance).toBeUndefined();
    expect(result.moves).toContain('Fonts: Open Sans → Source Sans 3 (Phantom does not offer it)');
  });

  it('takes the accent as the new template can read it: a shade darker where it must be', () => {
    // Readable as Hyperspace's features band under white text, too light for Phantom's white.
    const light = '#d46a00';
    const from = carryOver(withLook(undefined), directive, hyperspace).data;
    const onHyperspace = carryOver(
      { ...from, appearance: { accent: '#b74e91' } },
      hyperspace,
      phantom,
    );
    expect(onHyperspace.data.appearance).toEqual({ accent: '#b74e91' });
    const result = carryOver({ ...from, appearance: { accent: light } }, hyperspace, phantom);
    const accent = result.data.appearance?.accent;
    expect(accent).toMatch(/^#[0-9a-f]{6}$/);
    expect(accent).not.toBe(light);
    expect(result.moves).toContain(
      `Accent colour ${light} → ${accent}, to stay readable on Phantom`,
    );
    expect(parsePortfolio(result.data).ok).toBe(true);
  });

  it('shades the colour the person chose, not the last shade, however many switches', () => {
    // The review: #c0741f became #aa671b, #9f6019, then #975b18, one switch after another.
    // This plum reads as it is on Hyperspace and Phantom, and is shaded on the other three.
    const chosen = '#b74e91';
    let draft: PortfolioData = { ...withLook(undefined), appearance: { accent: chosen } };
    const shades = new Map<string, string | undefined>();
    for (const [from, to] of [
      [hyperspace, miniport],
      [miniport, solidState],
      [solidState, miniport],
      [miniport, directive],
      [directive, solidState],
    ] as const) {
      const { data } = carryOver(draft, from, to);
      const accent = data.appearance?.accent;
      expect(accent).not.toBe(chosen);
      // The same template gives the same shade each time it is reached.
      if (shades.has(to.name!)) expect(accent).toBe(shades.get(to.name!));
      shades.set(to.name!, accent);
      expect(data.appearance?.chosenAccent).toBe(chosen);
      expect(parsePortfolio(data).ok).toBe(true);
      draft = data;
    }
    // Where the chosen colour reads as it is, it comes back, and the switch says so.
    const back = carryOver(draft, solidState, phantom);
    expect(back.data.appearance).toEqual({ accent: chosen });
    expect(back.moves).toContain(
      `Accent colour ${draft.appearance!.accent} → ${chosen}, the colour you chose`,
    );
  });

  it('keeps no look where there was none', () => {
    expect(carryOver(withLook(undefined), directive, miniport).data.appearance).toBeUndefined();
    expect(carryOver(withLook(undefined), directive, solidState).moves.join()).not.toMatch(
      /Accent/,
    );
  });
});

describe("the old template's sample on a change of template", () => {
  const sampleOf = (id: TemplateId) =>
    pickTemplateFields(TEMPLATE_DEFINITIONS[id], SAMPLE_DATA[id]);
  const samplesFor = (fromId: TemplateId, toId: TemplateId) => ({
    from: sampleOf(fromId),
    to: sampleOf(toId),
  });

  it("leaves the sample's tiles behind, keeps the person's, and names neither as joining", () => {
    // The review: Solid-State's untouched Features joined Mini-port's Portfolio as 4 tiles.
    const draft = structuredClone(sampleOf('template4'));
    draft.personalDetails.name = 'Anandita Menon';
    draft.section!.sectionTiles = [
      {
        title: 'Fishing families',
        desc: 'Kochi, 2024',
        img: 'https://example.com/f.jpg',
        link: '',
      },
      { title: 'Festivals', desc: 'Thrissur', img: 'https://example.com/t.jpg', link: '' },
    ];
    const { data, moves, lost, joined } = carryOver(
      draft,
      solidState,
      miniport,
      samplesFor('template4', 'template1'),
    );
    expect(joined).toBe(false);
    expect(moves.join('\n')).not.toMatch(/join/);
    expect(linesOf(lost)).toEqual([]);
    expect(titles(data).section2).toEqual(['Fishing families', 'Festivals']);
    // Where nothing of the person's goes, a blank section the page leaves out until filled: not
    // Mini-port's made-up services beside the person's photos (the review of 4b50dbcf).
    expect(data.section).toEqual(blankSection('section'));
    expect(data.personalDetails.name).toBe('Anandita Menon');
    // Without the samples to tell, the same switch carries the sample tiles along.
    expect(carryOver(draft, solidState, miniport).joined).toBe(true);
  });

  it("drops the sample's tiles from among the person's own and keeps every own tile", () => {
    const draft = structuredClone(sampleOf('template5'));
    const sampleTiles = draft.section!.sectionTiles;
    draft.section!.sectionTiles = [
      { ...sampleTiles[0]!, title: 'Backwaters' },
      ...sampleTiles.slice(1),
      // A sample tile with the person's own picture is theirs.
      { ...sampleTiles[1]!, img: 'https://example.com/mine.jpg' },
    ];
    const { data } = carryOver(draft, phantom, hyperspace, samplesFor('template5', 'template3'));
    const moved = SECTION_KEYS.flatMap((key) => data[key]?.sectionTiles ?? []);
    expect(moved.map((tile) => tile.title)).toEqual(
      expect.arrayContaining(['Backwaters', sampleTiles[1]!.title]),
    );
    expect(moved.some((tile) => tile.img === 'https://example.com/mine.jpg')).toBe(true);
    expect(
      moved.filter((tile) => sampleTiles.slice(2).some((s) => s.title === tile.title)),
    ).toEqual([]);
  });

  it('does not name sample icons the person never chose as lost, only their own', () => {
    // The review: "Work: the icon of 3 tiles" for icons that came with Phantom's sample.
    const draft = structuredClone(sampleOf('template5'));
    const tiles = draft.section!.sectionTiles;
    expect(tiles.filter((tile) => tile.icon).length).toBeGreaterThan(1);
    draft.section!.sectionTiles = tiles.map((tile, index) => ({
      ...tile,
      title: `Story ${index + 1}`,
      desc: 'Mine.',
    }));
    const quiet = carryOver(draft, phantom, hyperspace, samplesFor('template5', 'template3'));
    expect(linesOf(quiet.lost).filter((line) => line.includes('icon'))).toEqual([]);
    const chosen = draft.section!.sectionTiles.findIndex((tile) => tile.icon);
    draft.section!.sectionTiles[chosen]!.icon = TILE_ICONS.find(
      (icon) => icon !== tiles[chosen]!.icon,
    );
    const told = carryOver(draft, phantom, hyperspace, samplesFor('template5', 'template3'));
    expect(linesOf(told.lost).filter((line) => line.includes('icon'))).toEqual([
      '“Selected work”: the icon of 1 tile',
    ]);
  });

  it("gives the sample person's details way to the new sample's, never the person's own", () => {
    const draft = structuredClone(sampleOf('template2'));
    draft.personalDetails.name = 'Asha Rao';
    draft.personalDetails.intro = '';
    const { data } = carryOver(draft, directive, phantom, samplesFor('template2', 'template5'));
    const phantomSample = sampleOf('template5');
    expect(data.personalDetails.name).toBe('Asha Rao');
    // Emptied by the person: stays empty.
    expect(data.personalDetails.intro).toBe('');
    expect(data.personalDetails.headline).toBe(phantomSample.personalDetails.headline);
    expect(data.contactDetails.email).toBe(phantomSample.contactDetails.email);
    expect(data.contactDetails.socialLinks).toEqual(phantomSample.contactDetails.socialLinks);
  });

  it.each(pairs)(
    'moves an untouched %s sample to the %s sample, asking nothing',
    (fromId, toId) => {
      const from = TEMPLATE_DEFINITIONS[fromId];
      const to = TEMPLATE_DEFINITIONS[toId];
      const { data, lost, moves, joined } = carryOver(
        sampleOf(fromId),
        from,
        to,
        samplesFor(fromId, toId),
      );
      const target = sampleOf(toId);
      for (const key of SECTION_KEYS) expect(data[key]).toEqual(target[key]);
      // A field the old template had no place for stays empty: no words the person never saw.
      for (const field of to.personalDetails.filter((f) => from.personalDetails.includes(f))) {
        expect(data.personalDetails[field]).toBe(target.personalDetails[field]);
      }
      expect(linesOf(lost).filter((line) => !line.startsWith('Accent'))).toEqual([]);
      expect(moves.filter((line) => !/^(Accent|Fonts)/.test(line))).toEqual([]);
      expect(joined).toBe(false);
    },
  );
});
