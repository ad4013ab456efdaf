/**
 * "Change template" in the editor: what of a draft the new template can show (carried over)
 * and what it cannot (listed for the person, who decides before it is dropped).
 *
 * Sections move by meaning, not by place: each template calls its sections something else and
 * lists them in its own order (Mini-port's first section is services, Hyperspace's is photos), so
 * a draft's section goes to the new template's section of the same kind, one that shows pictures
 * when its tiles have some. A section left without a place of its own joins one that is taken:
 * its tiles follow that section's tiles, so no title, description or link is lost.
 *
 * What is still the old template's sample (its made-up person, tiles and sections, untouched) is
 * not the person's and does not travel: the new template's own sample takes its place, as it
 * would have had they started there, and nothing of it is named as lost or moved. Every word,
 * picture and link the person wrote or chose goes along as before. Once the person has a section
 * of their own, a section of the new template that nothing of theirs goes to starts blank (the
 * page leaves it out until they fill it), never with the sample's made-up work beside theirs.
 */
import {
  blankSection,
  blankTile,
  SECTION_KEYS,
  type ContactField,
  type PersonalField,
  type PortfolioData,
  type Section,
  type SectionField,
  type SectionKey,
  type Tile,
  type TileField,
} from '../domain/portfolio.js';
import { LIMITS } from '../domain/limits.js';
import { PHRASE_LABELS, type PhraseKey } from '../domain/phrases.js';
import type { SectionKind, SectionSpec } from './definition.js';
import { pickTemplateFields, type TemplateShape } from './pick-fields.js';
import { defaultPairing, guardAccent } from '../appearance/look.js';
import { FONT_PAIRINGS, type FontPairingId } from '../appearance/pairings.js';
import { plural } from '../plural.js';
import { mergeSetAside, type SetAside, type SetAsideJoin, type SetAsideTile } from './set-aside.js';

const PERSONAL_LABELS: Record<PersonalField, string> = {
  name: 'Name',
  headline: 'Headline',
  intro: 'Intro',
  profileImage: 'Profile picture',
};

const CONTACT_LABELS: Record<ContactField, string> = {
  email: 'Email',
  tel: 'Phone',
  address: 'Address',
  socialLinks: 'Social links',
};

const SECTION_LABELS: Record<SectionField, string> = {
  sectionTitle: 'title',
  sectionSubTitle: 'sub title',
  sectionFooterText: 'footer text',
};

const TILE_LABELS: Record<TileField, string> = {
  img: 'image',
  title: 'title',
  desc: 'description',
  link: 'link',
  icon: 'icon',
};

/** A field of the draft, by its place in PortfolioData. */
export type FieldId =
  | { group: 'personalDetails'; field: PersonalField }
  | { group: 'contactDetails'; field: ContactField };

/** The two templates' samples, which tell what of a draft the person never changed. */
export interface Samples {
  from?: PortfolioData;
  to?: PortfolioData;
}

/** One thing the new template has no place for, as the person is told of it. */
export interface LostLine {
  line: string;
  /**
   * Its values, set aside with the draft for a template that shows them (see set-aside.ts);
   * absent when it is gone for good: a section joining another loses its title, tiles over the
   * limit, a detail of a tile with neither title nor picture to find it by.
   */
  setAside?: SetAside;
  /** The field it is, when it is a whole field of the draft. */
  field?: FieldId;
}

/** What a change of template does to a draft. */
export interface CarryOver {
  /** The draft for the new template. */
  data: PortfolioData;
  /**
   * What the new template has no place for, one line per thing: fields and sections in the
   * page's order, then reworded phrases, then the look. Sections are named by the person's own
   * title where they wrote one, else by the old template's word for them.
   */
  lost: LostLine[];
  /** The values of `lost` that can come back, all together (and fonts it does not offer). */
  setAside: SetAside | undefined;
  /**
   * Where sections went when the new template names the place otherwise, e.g. "Highlights →
   * Portfolio", and which join another ("What I do: 4 tiles join Work"), in the new page's order.
   */
  moves: string[];
  /** Whether a section's tiles join another section's (the person is asked first). */
  joined: boolean;
}

const filled = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '';

const text = (value: string | undefined) => (value ?? '').trim();

/** Filled, and not what the sample has in that place: the person's own. */
const own = (value: string | undefined, sample: string | undefined) =>
  filled(value) && text(value) !== text(sample);

/** Still what the sample has in that place (a field the person emptied is theirs: empty). */
const asSample = (value: string | undefined, sample: string | undefined) =>
  filled(value) && text(value) === text(sample);

/** A tile exactly as some tile of the sample has it, in every field the template shows. */
function isSampleTile(tile: Tile, fields: readonly TileField[], sample?: PortfolioData): boolean {
  if (!sample) return false;
  return SECTION_KEYS.some((key) =>
    (sample[key]?.sectionTiles ?? []).some((other) =>
      fields.every((field) => text(tile[field]) === text(other[field])),
    ),
  );
}

/** A section of the draft that has something in it, as the old template shows it. */
interface Source {
  spec: SectionSpec;
  /** The section with the sample's fields and tiles taken out (blank fields, no sample tiles). */
  section: Section;
  /** Tiles with anything of the person's in them. */
  tiles: Tile[];
  /** The sample as it was in this place, for values the person kept (a sample tile's icon). */
  sample?: Section;
  /** Its fields that still read as the sample's, emptied in `section`. */
  sampleFields: SectionField[];
  photos: boolean;
  kind: SectionKind;
}

interface Placement {
  source: Source;
  target: SectionKey;
  /** Its tiles follow those of the section placed there first, whose title the target keeps. */
  joins: boolean;
}

function sourcesOf(data: PortfolioData, from: TemplateShape, fromSample?: PortfolioData): Source[] {
  const sources: Source[] = [];
  for (const key of SECTION_KEYS) {
    const spec = from.sections[key];
    const drafted = data[key];
    if (!spec || !drafted) continue;
    const sample = fromSample?.[key];
    const section: Section = {
      ...drafted,
      sectionTiles: drafted.sectionTiles.filter(
        (tile) => !isSampleTile(tile, spec.tileFields, fromSample),
      ),
    };
    const tiles = section.sectionTiles.filter((tile) =>
      spec.tileFields.some((field) => filled(tile[field])),
    );
    // Over tiles of the person's own, a title that happens to be the sample's words ("What I
    // do") is theirs too: only a section still all sample gives its texts way.
    const sampleFields =
      tiles.length > 0
        ? []
        : spec.fields.filter((field) => asSample(drafted[field], sample?.[field]));
    for (const field of sampleFields) section[field] = '';
    if (tiles.length === 0 && !spec.fields.some((field) => filled(section[field]))) continue;
    const photos = spec.tileFields.includes('img') && tiles.some((tile) => filled(tile.img));
    const icons = spec.tileFields.includes('icon') && tiles.some((tile) => filled(tile.icon));
    // What the tiles hold says more than the old template's kind: Directive's features with icons
    // and no pictures are services, and belong where icons show, not under placeholder pictures.
    const kind = photos ? 'photos' : icons ? 'services' : spec.kind;
    sources.push({ spec, section, tiles, photos, kind, sampleFields, ...(sample && { sample }) });
  }
  return sources;
}

/** Where each section with content goes in the new template; see the module's comment. */
function planPlacements(sources: readonly Source[], to: TemplateShape): Placement[] {
  const targets = SECTION_KEYS.filter((key) => to.sections[key]);
  if (targets.length === 0) return [];
  const specOf = (key: SectionKey): SectionSpec => to.sections[key]!;
  const showsPhotos = (key: SectionKey) => specOf(key).tileFields.includes('img');
  const placements: Placement[] = [];
  const free = new Set(targets);
  const unplaced = new Set(sources);

  const passes: ((source: Source, target: SectionKey) => boolean)[] = [
    // A place of the same kind that shows the section's photos, if it has any.
    (source, target) =>
      specOf(target).kind === source.kind && (!source.photos || showsPhotos(target)),
    // Any place that shows its photos.
    (source, target) => source.photos && showsPhotos(target),
    // A section without photos fits anywhere.
    (source) => !source.photos,
  ];
  for (const fits of passes) {
    for (const source of unplaced) {
      const target = targets.find((key) => free.has(key) && fits(source, key));
      if (!target) continue;
      placements.push({ source, target, joins: false });
      free.delete(target);
      unplaced.delete(source);
    }
  }

  for (const source of unplaced) {
    const used = targets.filter((key) => !free.has(key));
    const withPhotos = source.photos ? used.find(showsPhotos) : undefined;
    // No place shows pictures: they are lost anyway, and a free place keeps the section's title.
    const freeTarget = withPhotos ? undefined : targets.find((key) => free.has(key));
    if (freeTarget) {
      placements.push({ source, target: freeTarget, joins: false });
      free.delete(freeTarget);
      continue;
    }
    const target = withPhotos ?? used.find((key) => specOf(key).kind === source.kind) ?? used[0]!;
    placements.push({ source, target, joins: true });
  }
  return placements;
}

/**
 * The person's name for a section: its title, quoted, where they wrote one (a title still the
 * sample's is not theirs), else the old template's word for it.
 */
const nameOf = (source: Source): string => {
  const title = text(source.section.sectionTitle);
  return title ? `“${title}”` : source.spec.label;
};

/**
 * Lines for the tile fields `target` does not show, counted over the tiles that go there, each
 * with its values set aside under their tiles; a line for tiles with no title or picture to be
 * found by again is gone for good.
 */
function lostTileFields(source: Source, tiles: readonly Tile[], target: SectionSpec): LostLine[] {
  const lines: LostLine[] = [];
  // A value the tile had as the sample's, in its place (the icon of the sample's third tile on
  // the person's third), was never chosen: losing it is nothing to ask about.
  const chosen = (tile: Tile, field: TileField) => {
    const place = source.section.sectionTiles.indexOf(tile);
    const sampleTile = place < 0 ? undefined : source.sample?.sectionTiles[place];
    return own(tile[field], sampleTile?.[field]);
  };
  for (const field of source.spec.tileFields) {
    if (target.tileFields.includes(field)) continue;
    const losing = tiles.filter((tile) => chosen(tile, field));
    // A tile is found again by its title, or by its picture when that is not what is set aside.
    const keyOf = (tile: Tile) => ({
      title: text(tile.title),
      img: field === 'img' ? '' : text(tile.img),
    });
    const findable = losing.filter((tile) => keyOf(tile).title !== '' || keyOf(tile).img !== '');
    const unfindable = losing.length - findable.length;
    const label = `${nameOf(source)}: the ${TILE_LABELS[field]} of`;
    const setAside: SetAsideTile[] = findable.map((tile) => ({
      ...keyOf(tile),
      fields: { [field]: tile[field] },
    }));
    if (findable.length > 0) {
      lines.push({
        line: `${label} ${plural(findable.length, 'tile')}`,
        setAside: { tiles: setAside },
      });
    }
    if (unfindable > 0) {
      const tileWord = findable.length > 0 ? 'untitled tile' : 'tile';
      lines.push({ line: `${label} ${plural(unfindable, tileWord)}` });
    }
  }
  return lines;
}

/** The draft for `to`, what it cannot show, and where its sections went. */
export function carryOver(
  data: PortfolioData,
  from: TemplateShape,
  to: TemplateShape,
  samples: Samples = {},
): CarryOver {
  const sources = sourcesOf(data, from, samples.from);
  const placements = planPlacements(sources, to);
  // Sections of the person's own (a section all sample is not among the sources).
  const ownWork = sources.length > 0;
  const sectionLost = new Map<Source, LostLine[]>();
  // Sections that join another: a move, not a loss, but set aside to be sections again.
  const joins: SetAsideJoin[] = [];
  // In the new page's order: each place's own section, then those that join it.
  const moves: string[] = [];
  const { personal, contact } = ownDetails(data, from, samples);
  const moved: PortfolioData = {
    personalDetails: personal,
    contactDetails: contact,
    ...(data.phrases && { phrases: data.phrases }),
  };
  const look = carryLook(data, from, to);
  if (look.appearance) moved.appearance = look.appearance;

  for (const target of SECTION_KEYS) {
    const spec = to.sections[target];
    const here = placements.filter((placement) => placement.target === target);
    const direct = here.find((placement) => !placement.joins);
    const targetSample = samples.to?.[target];
    if (spec && !direct && targetSample) {
      moved[target] = ownWork ? blankSection(target) : structuredClone(targetSample);
    }
    if (!spec || !direct) continue;
    const { source } = direct;
    const lines: LostLine[] = [];
    const sectionTitle = text(source.section.sectionTitle);
    for (const field of source.spec.fields) {
      if (!spec.fields.includes(field) && filled(source.section[field])) {
        const line = `${nameOf(source)}: the ${SECTION_LABELS[field]}`;
        // A section is found again by its title or its tiles' titles: without either, it cannot.
        const tileTitles = source.tiles.map((tile) => text(tile.title)).filter(Boolean);
        if (field === 'sectionTitle' || (sectionTitle === '' && tileTitles.length === 0)) {
          lines.push({ line });
          continue;
        }
        const fields = { [field]: source.section[field] };
        lines.push({
          line,
          setAside: { sections: [{ title: sectionTitle, tiles: tileTitles, fields }] },
        });
      }
    }
    lines.push(...lostTileFields(source, source.section.sectionTiles, spec));
    sectionLost.set(source, lines);
    // A section that keeps its own title there is where the person looks for it; only one that
    // goes by the template's word is named by where it lands.
    const keepsItsTitle = spec.fields.includes('sectionTitle') && text(source.section.sectionTitle);
    if (source.spec.label !== spec.label && !keepsItsTitle) {
      moves.push(`${nameOf(source)} → ${spec.label}`);
    }

    const joining = here.filter((placement) => placement.joins);
    // Blank tiles would sit between the joined ones: only tiles with content are kept then.
    const tiles = joining.length > 0 ? [...source.tiles] : [...source.section.sectionTiles];
    // The place keeps the title of the section there first: the joining ones are named after it,
    // or after the place, in the new template's word, when it has no title of the person's.
    const targetTitle = spec.fields.includes('sectionTitle') && text(source.section.sectionTitle);
    const targetName = targetTitle ? `“${targetTitle}”` : spec.label;
    for (const { source: joiner } of joining) {
      const room = Math.max(0, LIMITS.maxTiles - tiles.length);
      const fitting = joiner.tiles.slice(0, room);
      tiles.push(...fitting);
      // A section that joins another is no section of its own any more: its texts are set
      // aside with its tiles' titles, to be a section again where a template has room for it.
      const texts = joiner.spec.fields.filter((field) => filled(joiner.section[field]));
      const tileTitles = fitting.map((tile) => text(tile.title)).filter(Boolean);
      const join = {
        kind: joiner.kind,
        tiles: tileTitles,
        fields: Object.fromEntries(texts.map((field) => [field, joiner.section[field]])),
      };
      if (tileTitles.length > 0) joins.push(join);
      const joinLines: LostLine[] = texts.map((field) => ({
        line: `${nameOf(joiner)}: the ${SECTION_LABELS[field]}`,
        ...(tileTitles.length > 0 && { setAside: { joined: [join] } }),
      }));
      joinLines.push(...lostTileFields(joiner, fitting, spec));
      const over = joiner.tiles.length - fitting.length;
      if (over > 0) {
        joinLines.push({
          line: `${nameOf(joiner)}: ${plural(over, 'tile')} (${targetName} holds at most ${LIMITS.maxTiles})`,
        });
      }
      sectionLost.set(joiner, joinLines);
      if (fitting.length > 0) {
        moves.push(
          `${nameOf(joiner)}: ${plural(fitting.length, 'tile')} ${fitting.length === 1 ? 'joins' : 'join'} ${targetName}`,
        );
      }
    }
    // Fields and tiles the person left as the sample's give way to the new template's sample.
    const fields = Object.fromEntries(
      spec.fields
        .filter((field) => source.sampleFields.includes(field) && targetSample?.[field])
        .map((field) => [field, targetSample![field]]),
    );
    const ownTiles = tiles.length > 0 ? tiles : source.section.sectionTiles;
    moved[target] = {
      ...source.section,
      ...fields,
      type: target,
      // The person's section, even with none of its tiles their own: no made-up work under it.
      sectionTiles: ownTiles.length > 0 ? ownTiles : [blankTile()],
    };
  }

  const lost: LostLine[] = [];
  for (const field of from.personalDetails) {
    if (!to.personalDetails.includes(field) && filled(personal[field])) {
      lost.push({
        line: PERSONAL_LABELS[field],
        setAside: { personalDetails: { [field]: personal[field] } },
        field: { group: 'personalDetails', field },
      });
    }
  }
  for (const source of sources) {
    const lines = sectionLost.get(source);
    if (lines) lost.push(...lines);
    else {
      // Only a template without sections leaves one unplaced.
      const tiles = source.tiles.length;
      const title = text(source.section.sectionTitle);
      const section = title ? `The section “${title}”` : `The ${source.spec.label} section`;
      lost.push({ line: `${section}${tiles > 0 ? ` (${plural(tiles, 'tile')})` : ''}` });
    }
  }
  for (const field of from.contactDetails) {
    if (!to.contactDetails.includes(field) && filled(contact[field])) {
      const line = CONTACT_LABELS[field];
      const id: FieldId = { group: 'contactDetails', field };
      if (field === 'socialLinks') {
        lost.push({ line, field: id });
        continue;
      }
      lost.push({ line, setAside: { contactDetails: { [field]: contact[field] } }, field: id });
    }
  }

  // The person's own words for a fixed part of the page ("Namaste, I am" for "Hi. I'm") go
  // where the new template has the same part; where it has none, they are named like a field.
  for (const key of Object.keys(from.phrases) as PhraseKey[]) {
    if (!(key in to.phrases) && filled(data.phrases?.[key])) {
      lost.push({
        line: PHRASE_LABELS[key],
        setAside: { phrases: { [key]: data.phrases![key]! } },
      });
    }
  }

  lost.push(...look.lost);
  moves.push(...look.moves);
  // Set aside: what the lines say is, the sections that joined others, and fonts not offered.
  const setAside = [
    ...lost.map((entry) => entry.setAside),
    { joined: joins },
    look.fonts && { appearance: { fonts: look.fonts } },
  ].reduce<SetAside | undefined>((all, part) => mergeSetAside(all, part || undefined), undefined);
  return {
    data: pickTemplateFields(to, moved),
    lost,
    setAside,
    moves,
    joined: placements.some((placement) => placement.joins),
  };
}

/**
 * The person's details, with each one still the old sample's replaced by the new sample's (or
 * left blank): one made-up person's phone number does not become another's page.
 */
function ownDetails(
  data: PortfolioData,
  from: TemplateShape,
  { from: fromSample, to: toSample }: Samples,
): { personal: PortfolioData['personalDetails']; contact: PortfolioData['contactDetails'] } {
  const personal = { ...data.personalDetails };
  const contact = { ...data.contactDetails };
  if (!fromSample) return { personal, contact };
  for (const field of from.personalDetails) {
    if (asSample(personal[field], fromSample.personalDetails[field])) {
      personal[field] = toSample?.personalDetails[field] ?? '';
    }
  }
  for (const field of from.contactDetails) {
    if (field === 'socialLinks') {
      const urls = (links: PortfolioData['contactDetails']['socialLinks']) =>
        JSON.stringify(links.map((link) => link.url));
      const links = contact.socialLinks;
      if (links.length > 0 && urls(links) === urls(fromSample.contactDetails.socialLinks)) {
        contact.socialLinks = structuredClone(toSample?.contactDetails.socialLinks ?? []);
      }
    } else if (asSample(contact[field], fromSample.contactDetails[field])) {
      contact[field] = toSample?.contactDetails[field] ?? '';
    }
  }
  return { personal, contact };
}

/**
 * The accent goes with the draft, as the new template's guard lets it (a shade darker when its
 * backgrounds need that); a font pairing the new template does not offer gives way to its own.
 */
function carryLook(
  data: PortfolioData,
  from: TemplateShape,
  to: TemplateShape,
): {
  appearance?: PortfolioData['appearance'];
  moves: string[];
  lost: LostLine[];
  /** A pairing `to` does not offer, set aside for a template that does. */
  fonts?: FontPairingId;
} {
  const { accent: current, chosenAccent, fonts } = data.appearance ?? {};
  // From the colour the person picked, not from a shade an earlier change made of it.
  const accent = chosenAccent ?? current;
  // Only a template has a look: nothing of the kind goes to or comes from a résumé.
  if (!to.look || !to.name) return { moves: [], lost: [] };
  const appearance: NonNullable<PortfolioData['appearance']> = {};
  const moves: string[] = [];
  const lost: LostLine[] = [];
  let setAsideFonts: FontPairingId | undefined;
  if (accent) {
    const verdict = guardAccent(to.look, accent);
    if (verdict.status === 'ok') {
      appearance.accent = accent;
      if (current && current !== accent) {
        moves.push(`Accent colour ${current} → ${accent}, the colour you chose`);
      }
    } else if (verdict.status === 'adjusted') {
      appearance.accent = verdict.accent;
      appearance.chosenAccent = accent;
      // A shade the page already shows is no change to name.
      if (current !== verdict.accent) {
        moves.push(`Accent colour ${accent} → ${verdict.accent}, to stay readable on ${to.name}`);
      }
    } else {
      lost.push({ line: `Accent colour ${accent}`, setAside: { appearance: { accent } } });
    }
  }
  if (fonts) {
    if (to.look.pairings.includes(fonts)) appearance.fonts = fonts;
    else if (!from.look || fonts !== defaultPairing(from.look)) {
      setAsideFonts = fonts;
      moves.push(
        `Fonts: ${FONT_PAIRINGS[fonts].name} → ${FONT_PAIRINGS[defaultPairing(to.look)].name} (${to.name} does not offer it)`,
      );
    }
  }
  return {
    ...(Object.keys(appearance).length > 0 && { appearance }),
    moves,
    lost,
    ...(setAsideFonts && { fonts: setAsideFonts }),
  };
}
