/**
 * What a change of template could not show, kept with the draft instead of thrown away: a person
 * comparing templates tries Phantom (no address) and comes back to Hyperspace with the address
 * they wrote, not a blank. carry-over.ts fills it; `restoreSetAside` puts each value back when the
 * draft reaches a template that shows its field, where the person has not written something else
 * there meanwhile. It is never published: only the draft's data is.
 *
 * Values are found again by what the person wrote, not by place: a section by its title or else
 * its tiles' titles, a tile by its title (or its picture), since a template orders and names its
 * sections its own way.
 */
import type { Phrases, PhraseKey } from '../domain/phrases.js';
import { PHRASE_KEYS } from '../domain/phrases.js';
import type {
  TextContactField,
  PersonalField,
  PortfolioData,
  SectionField,
  TileField,
} from '../domain/portfolio.js';
import { blankSection, SECTION_KEYS, type SectionKey, type Tile } from '../domain/portfolio.js';
import { TILE_ICONS, type TileIcon } from '../domain/icons.js';
import { guardAccent } from '../appearance/look.js';
import { isFontPairingId, type FontPairingId } from '../appearance/pairings.js';
import type { SectionKind } from './definition.js';
import { pickTemplateFields, type TemplateShape } from './pick-fields.js';

type TextSectionField = Exclude<SectionField, 'sectionTitle'>;

export interface SetAsideSection {
  /** The section's title when it was set aside: how it is found again. */
  title: string;
  /** Its tiles' titles: how it is found when its title was changed (or given way to a sample's). */
  tiles: string[];
  fields: Partial<Record<TextSectionField, string>>;
}

export interface SetAsideTile {
  /** The tile's title, or its picture when it has no title: how it is found again. */
  title: string;
  img: string;
  fields: Partial<Record<Exclude<TileField, 'title' | 'img'>, string>> & { img?: string };
}

/** A section whose tiles joined another's because the template had no place of its own for it. */
export interface SetAsideJoin {
  kind: SectionKind;
  /** Its tiles' titles, in order: they are found in the section they joined, and taken back. */
  tiles: string[];
  /** Its title, sub title and footer text. */
  fields: Partial<Record<SectionField, string>>;
}

export interface SetAside {
  personalDetails?: Partial<Record<PersonalField, string>>;
  contactDetails?: Partial<Record<TextContactField, string>>;
  phrases?: Phrases;
  sections?: SetAsideSection[];
  tiles?: SetAsideTile[];
  joined?: SetAsideJoin[];
  /** A colour no shade of which the template could show, and a pairing it does not offer. */
  appearance?: { accent?: string; fonts?: FontPairingId };
}

const PERSONAL_FIELDS: readonly PersonalField[] = ['name', 'headline', 'intro', 'profileImage'];
const CONTACT_FIELDS: readonly TextContactField[] = ['email', 'tel', 'address'];
const SECTION_FIELDS: readonly TextSectionField[] = ['sectionSubTitle', 'sectionFooterText'];
const TILE_FIELDS = ['img', 'desc', 'link', 'icon'] as const;
/** More entries than any draft can hold; a stored value beyond it is not the editor's. */
const MAX_ENTRIES = 200;

const text = (value: string | undefined) => (value ?? '').trim();
const isEmpty = (value: unknown) => typeof value !== 'string' || value.trim() === '';

function isEmptySetAside(setAside: SetAside): boolean {
  return (
    Object.keys(setAside.personalDetails ?? {}).length === 0 &&
    Object.keys(setAside.contactDetails ?? {}).length === 0 &&
    Object.keys(setAside.phrases ?? {}).length === 0 &&
    (setAside.sections ?? []).length === 0 &&
    (setAside.tiles ?? []).length === 0 &&
    (setAside.joined ?? []).length === 0 &&
    Object.keys(setAside.appearance ?? {}).length === 0
  );
}

/** Only the parts with something in them; undefined when nothing is set aside. */
export function compactSetAside(setAside: SetAside): SetAside | undefined {
  const result: SetAside = {};
  const nonEmpty = <T extends object>(value: T | undefined) =>
    value && Object.keys(value).length > 0 ? value : undefined;
  const personal = nonEmpty(setAside.personalDetails);
  const contact = nonEmpty(setAside.contactDetails);
  const phrases = nonEmpty(setAside.phrases);
  const appearance = nonEmpty(setAside.appearance);
  const sections = (setAside.sections ?? []).filter((entry) => nonEmpty(entry.fields));
  const tiles = (setAside.tiles ?? []).filter((entry) => nonEmpty(entry.fields));
  const joined = (setAside.joined ?? []).filter((entry) => entry.tiles.length > 0);
  if (personal) result.personalDetails = personal;
  if (contact) result.contactDetails = contact;
  if (phrases) result.phrases = phrases;
  if (sections.length > 0) result.sections = sections;
  if (tiles.length > 0) result.tiles = tiles;
  if (joined.length > 0) result.joined = joined;
  if (appearance) result.appearance = appearance;
  return isEmptySetAside(result) ? undefined : result;
}

/**
 * Whether a set-aside section is the section with this title and these tiles' titles: by its
 * title when it has one (an empty title names no section), else by a tile title they share.
 */
const sameSection = (
  entry: Pick<SetAsideSection, 'title' | 'tiles'>,
  title: string,
  tileTitles: readonly string[],
) =>
  entry.title !== ''
    ? entry.title === text(title)
    : entry.tiles.some((tile) => tileTitles.includes(tile));

const sameTile = (entry: { title: string; img: string }, title: string, img: string) =>
  entry.title !== '' ? entry.title === text(title) : entry.img !== '' && entry.img === text(img);

/**
 * The older set-aside with the newer one's values over it: a field set aside twice keeps what it
 * held last.
 */
export function mergeSetAside(
  older: SetAside | undefined,
  newer: SetAside | undefined,
): SetAside | undefined {
  if (!older) return newer && compactSetAside(newer);
  if (!newer) return compactSetAside(older);
  const sections = [...(older.sections ?? [])].map((entry) => ({ ...entry }));
  for (const entry of newer.sections ?? []) {
    const same = sections.find((other) => sameSection(other, entry.title, entry.tiles));
    if (same) same.fields = { ...same.fields, ...entry.fields };
    else sections.push(entry);
  }
  const tiles = [...(older.tiles ?? [])].map((entry) => ({ ...entry }));
  for (const entry of newer.tiles ?? []) {
    const same = tiles.find((other) => sameTile(other, entry.title, entry.img));
    if (same) same.fields = { ...same.fields, ...entry.fields };
    else tiles.push(entry);
  }
  const sameJoin = (a: SetAsideJoin, b: SetAsideJoin) =>
    a.tiles.some((title) => b.tiles.includes(title));
  const joined = [
    ...(older.joined ?? []).filter(
      (entry) => !(newer.joined ?? []).some((other) => sameJoin(entry, other)),
    ),
    ...(newer.joined ?? []),
  ];
  return compactSetAside({
    joined: joined.slice(-MAX_ENTRIES),
    personalDetails: { ...older.personalDetails, ...newer.personalDetails },
    contactDetails: { ...older.contactDetails, ...newer.contactDetails },
    phrases: { ...older.phrases, ...newer.phrases },
    sections: sections.slice(-MAX_ENTRIES),
    tiles: tiles.slice(-MAX_ENTRIES),
    appearance: { ...older.appearance, ...newer.appearance },
  });
}

/**
 * Whether anything of `part` (what one line of a change set aside) is still in `setAside`: not
 * when the same change's restore has put it all back into the new template at once.
 */
export function stillSetAside(part: SetAside, setAside: SetAside | undefined): boolean {
  if (!setAside) return false;
  const holds = <K extends string>(
    values: Partial<Record<K, string>> | undefined,
    left: Partial<Record<K, string>> | undefined,
  ) => Object.keys(values ?? {}).some((key) => left?.[key as K] !== undefined);
  return (
    holds(part.personalDetails, setAside.personalDetails) ||
    holds(part.contactDetails, setAside.contactDetails) ||
    holds(part.phrases, setAside.phrases) ||
    holds(part.appearance, setAside.appearance) ||
    (part.sections ?? []).some((entry) =>
      (setAside.sections ?? []).some(
        (other) =>
          sameSection(other, entry.title, entry.tiles) && holds(entry.fields, other.fields),
      ),
    ) ||
    (part.tiles ?? []).some((entry) =>
      (setAside.tiles ?? []).some(
        (other) => sameTile(other, entry.title, entry.img) && holds(entry.fields, other.fields),
      ),
    ) ||
    (part.joined ?? []).some((entry) =>
      (setAside.joined ?? []).some((other) =>
        other.tiles.some((title) => entry.tiles.includes(title)),
      ),
    )
  );
}

export interface Restored {
  data: PortfolioData;
  /** What is still set aside (the new template does not show it either). */
  setAside: SetAside | undefined;
  /** What came back, one line per kind of thing, for the person to be told. */
  restored: string[];
  /**
   * What does not come back because the person has put something else in its place since, one
   * line per kind of thing: it is dropped, and the person is told before the switch.
   */
  replaced: string[];
}

const PERSONAL_NAMES: Record<PersonalField, string> = {
  name: 'name',
  headline: 'headline',
  intro: 'intro',
  profileImage: 'profile picture',
};

/**
 * Puts back each set-aside value `to` shows, into a place that is empty or holds `sample`'s (the
 * new template's made-up) value. A value whose place the person has filled since is dropped and
 * listed in `replaced`: what they wrote last wins. Whatever `to` cannot show stays.
 */
export function restoreSetAside(
  data: PortfolioData,
  to: TemplateShape,
  setAside: SetAside | undefined,
  sample?: PortfolioData,
): Restored {
  if (!setAside) return { data, setAside, restored: [], replaced: [] };
  const next = structuredClone(data);
  const left = structuredClone(setAside);
  const restored: string[] = [];
  const replaced: string[] = [];
  /** Whether `value` goes into a place holding `current`, where `to`'s sample has `made`. */
  const fits = (value: string, current: unknown, made: string | undefined, name: string) => {
    if (isEmpty(current) || (made !== undefined && text(current as string) === text(made))) {
      restored.push(name);
      return true;
    }
    if (text(current as string) !== text(value)) replaced.push(name);
    return false;
  };

  for (const field of PERSONAL_FIELDS) {
    const value = left.personalDetails?.[field];
    if (value === undefined || !to.personalDetails.includes(field)) continue;
    const made = sample?.personalDetails[field];
    if (fits(value, next.personalDetails[field], made, `your ${PERSONAL_NAMES[field]}`)) {
      next.personalDetails[field] = value;
    }
    delete left.personalDetails![field];
  }
  for (const field of CONTACT_FIELDS) {
    const value = left.contactDetails?.[field];
    if (value === undefined || !to.contactDetails.includes(field)) continue;
    const name = field === 'tel' ? 'your phone number' : `your ${field}`;
    if (fits(value, next.contactDetails[field], sample?.contactDetails[field], name)) {
      next.contactDetails[field] = value;
    }
    delete left.contactDetails![field];
  }
  for (const key of Object.keys(left.phrases ?? {}) as PhraseKey[]) {
    if (!(key in to.phrases)) continue;
    const value = left.phrases![key]!;
    if (fits(value, next.phrases?.[key], undefined, 'your wording of the page')) {
      next.phrases = { ...next.phrases, [key]: value };
    }
    delete left.phrases![key];
  }

  // Sections first: the details of their tiles are then put back where the tiles are now.
  for (const join of [...(left.joined ?? [])]) {
    const back = separate(next, to, join);
    if (!back) continue;
    left.joined = left.joined!.filter((entry) => entry !== join);
    restored.push(back);
  }

  for (const key of SECTION_KEYS) {
    const spec = to.sections[key];
    const section = next[key];
    if (!spec || !section) continue;
    const tileTitles = section.sectionTiles.map((tile) => text(tile.title)).filter(Boolean);
    // By title first; a section renamed since is still found by its tiles, when it holds most
    // of them (a section that took in another's tiles for a while set aside all of theirs).
    const entry =
      left.sections?.find((other) => sameSection(other, section.sectionTitle, tileTitles)) ??
      left.sections?.find(
        (other) =>
          other.tiles.filter((title) => tileTitles.includes(title)).length * 2 > other.tiles.length,
      );
    const sampleSection = sample?.[key];
    for (const field of SECTION_FIELDS) {
      const value = entry?.fields[field];
      if (value === undefined || !spec.fields.includes(field)) continue;
      if (fits(value, section[field], sampleSection?.[field], 'section texts')) {
        section[field] = value;
      }
      delete entry!.fields[field];
    }
    section.sectionTiles.forEach((tile, place) => {
      const kept = left.tiles?.find((other) => sameTile(other, tile.title, tile.img));
      if (!kept) return;
      const sampleTile = sampleSection?.sectionTiles[place];
      for (const field of TILE_FIELDS) {
        const value = kept.fields[field];
        if (value === undefined || !spec.tileFields.includes(field)) continue;
        if (fits(value, tile[field], sampleTile?.[field], 'tile details')) {
          if (field === 'icon') tile.icon = value as TileIcon;
          else tile[field] = value;
        }
        delete kept.fields[field];
      }
    });
  }

  const { accent, fonts } = left.appearance ?? {};
  // A colour stays set aside until a template can show some shade of it.
  const verdict = to.look && accent ? guardAccent(to.look, accent) : undefined;
  if (accent && verdict && verdict.status !== 'refused') {
    const current = next.appearance?.chosenAccent ?? next.appearance?.accent;
    if (fits(accent, current, undefined, 'your accent colour')) {
      next.appearance = {
        ...next.appearance,
        accent: verdict.status === 'ok' ? accent : verdict.accent,
        ...(verdict.status === 'adjusted' && { chosenAccent: accent }),
      };
    }
    delete left.appearance!.accent;
  }
  if (to.look && fonts && to.look.pairings.includes(fonts)) {
    if (fits(fonts, next.appearance?.fonts, undefined, 'your fonts')) {
      next.appearance = { ...next.appearance, fonts };
    }
    delete left.appearance!.fonts;
  }

  return {
    data: pickTemplateFields(to, next),
    setAside: compactSetAside(left),
    restored: [...new Set(restored)],
    replaced: [...new Set(replaced)],
  };
}

/** A section with nothing in it: what a change of template leaves where nothing went. */
const isBlankSection = (data: PortfolioData, key: SectionKey) => {
  const section = data[key];
  return (
    !section ||
    (isEmpty(section.sectionTitle) &&
      section.sectionTiles.every(
        (tile) => TILE_FIELDS.every((field) => isEmpty(tile[field])) && isEmpty(tile.title),
      ))
  );
};

/**
 * A joined section made a section again: its tiles taken out of the one they joined, into a
 * blank section of the template (one of the same kind first; for photos, one that shows them).
 * Undefined when there is no blank section, or its tiles are no longer together in one section
 * (the person moved them since).
 */
function separate(data: PortfolioData, to: TemplateShape, join: SetAsideJoin): string | undefined {
  const keys = SECTION_KEYS.filter((key) => to.sections[key]);
  const holder = keys.find((key) => {
    const titles = (data[key]?.sectionTiles ?? []).map((tile) => text(tile.title));
    return join.tiles.every((title) => titles.includes(title));
  });
  // Pictures stay where they show: a section of photos is not made one again where they do not.
  const blanks = keys.filter(
    (key) =>
      key !== holder &&
      isBlankSection(data, key) &&
      (join.kind !== 'photos' || to.sections[key]!.tileFields.includes('img')),
  );
  const place = blanks.find((key) => to.sections[key]!.kind === join.kind) ?? blanks[0];
  if (!holder || !place) return undefined;
  const from = data[holder]!;
  const moving = (tile: Tile) => join.tiles.includes(text(tile.title));
  const spec = to.sections[place]!;
  data[place] = {
    ...blankSection(place),
    ...Object.fromEntries(
      Object.entries(join.fields).filter(([field]) => spec.fields.includes(field as SectionField)),
    ),
    sectionTiles: from.sectionTiles.filter(moving),
  };
  data[holder] = { ...from, sectionTiles: from.sectionTiles.filter((tile) => !moving(tile)) };
  const title = text(join.fields.sectionTitle);
  return title ? `your section “${title}”` : `the section with “${join.tiles[0]}”`;
}

function textsOf<K extends string>(value: unknown, keys: readonly K[]): Partial<Record<K, string>> {
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    keys
      .filter((key) => typeof record[key] === 'string' && record[key] !== '')
      .map((key) => [key, record[key]]),
  ) as Partial<Record<K, string>>;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, MAX_ENTRIES) : [];
}

/** A stored set-aside, read without trusting it: what is not text in its place is left out. */
export function setAsideAsTyped(value: unknown): SetAside | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const appearance = textsOf(record.appearance, ['accent', 'fonts']);
  const tiles = listOf(record.tiles).map((entry) => {
    const fields = textsOf((entry as { fields?: unknown } | null)?.fields, TILE_FIELDS);
    if (fields.icon && !(TILE_ICONS as readonly string[]).includes(fields.icon)) delete fields.icon;
    return { ...textsOf(entry, ['title', 'img'] as const), fields };
  });
  return compactSetAside({
    personalDetails: textsOf(record.personalDetails, PERSONAL_FIELDS),
    contactDetails: textsOf(record.contactDetails, CONTACT_FIELDS),
    phrases: textsOf(record.phrases, PHRASE_KEYS),
    sections: listOf(record.sections)
      .map((entry) => ({
        title: textsOf(entry, ['title'] as const).title ?? '',
        tiles: listOf((entry as { tiles?: unknown } | null)?.tiles).filter(
          (title): title is string => typeof title === 'string' && title !== '',
        ),
        fields: textsOf((entry as { fields?: unknown } | null)?.fields, SECTION_FIELDS),
      }))
      .filter((entry) => entry.title !== '' || entry.tiles.length > 0),
    tiles: tiles
      .map((entry) => ({ title: entry.title ?? '', img: entry.img ?? '', fields: entry.fields }))
      .filter((entry) => entry.title !== '' || entry.img !== ''),
    joined: listOf(record.joined)
      .map((entry) => {
        const value = (entry ?? {}) as { kind?: unknown; tiles?: unknown; fields?: unknown };
        return {
          kind: (value.kind === 'photos' ? 'photos' : 'services') as SectionKind,
          tiles: listOf(value.tiles).filter(
            (title): title is string => typeof title === 'string' && title !== '',
          ),
          fields: textsOf(value.fields, ['sectionTitle', ...SECTION_FIELDS] as const),
        };
      })
      .filter((entry) => entry.tiles.length > 0),
    appearance: {
      ...(appearance.accent && /^#[0-9a-f]{6}$/i.test(appearance.accent)
        ? { accent: appearance.accent }
        : {}),
      ...(isFontPairingId(appearance.fonts) ? { fonts: appearance.fonts } : {}),
    },
  });
}
