import { profilePageFor } from '../domain/social-links.js';
import { IMPORT_LIMITS, ImportError, megabytes } from './import-error.js';
import {
  dateRange,
  emptyProfile,
  joinParts,
  notShownLine,
  type ImportedItem,
  type ImportedLink,
  type ImportedProfile,
} from './profile.js';
import { parseJsonSafely } from './safe-json.js';

/*
 * JSON Resume (jsonresume.org, schema v1.x) read into an ImportedProfile. Read leniently, as the
 * standard's own tools do: a field of the wrong type is skipped, not fatal; spellings of the
 * earlier schema (work[].company, website) are understood. What the file must be is an object
 * with at least one of the standard's parts.
 */

export const JSON_RESUME_SCHEMA_URL =
  'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

type Fields = Record<string, unknown>;

/** At most this many entries of one list are looked at: more is no résumé. */
const MAX_ITEMS = 500;

const fields = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice(0, MAX_ITEMS) : []);
const texts = (value: unknown): string[] => list(value).map(text).filter(Boolean);

const PARTS = [
  'basics',
  'work',
  'volunteer',
  'education',
  'awards',
  'certificates',
  'publications',
  'skills',
  'languages',
  'interests',
  'references',
  'projects',
];

function profileLink(value: unknown): ImportedLink | undefined {
  const profile = fields(value);
  const network = text(profile.network);
  const username = text(profile.username).replace(/^@/, '');
  const url =
    text(profile.url) ||
    (/^[\w.-]+$/.test(username) ? profilePageFor(network, encodeURIComponent(username)) : '') ||
    '';
  return url ? { url, label: network } : undefined;
}

/** Highlights as lines of a paragraph. */
const bullets = (value: unknown) =>
  texts(value)
    .map((line) => `• ${line}`)
    .join('\n');

function workItem(value: unknown): ImportedItem {
  const work = fields(value);
  const company = text(work.name) || text(work.company);
  const position = text(work.position);
  return {
    title: position && company ? `${position} at ${company}` : position || company,
    desc: joinParts(
      [
        joinParts(
          [dateRange(text(work.startDate), text(work.endDate)), text(work.location)],
          ' · ',
        ),
        text(work.summary) || text(work.description),
        bullets(work.highlights),
      ],
      '\n\n',
    ),
    link: text(work.url) || text(work.website),
  };
}

function projectItem(project: Fields): ImportedItem {
  return {
    title: text(project.name),
    desc: joinParts(
      [
        dateRange(text(project.startDate), text(project.endDate)),
        text(project.description) || text(project.summary),
        bullets(project.highlights),
      ],
      '\n\n',
    ),
    link: text(project.url) || text(project.website),
  };
}

/** Skills with keywords each make an item; bare names share one ("Skills: A · B · C"). */
function skillItems(value: unknown): ImportedItem[] {
  const items: ImportedItem[] = [];
  const bare: string[] = [];
  for (const entry of list(value)) {
    const skill = fields(entry);
    const name = text(skill.name);
    const keywords = texts(skill.keywords);
    if (keywords.length > 0) {
      items.push({ title: name, desc: keywords.join(', '), link: '' });
    } else if (name) bare.push(name);
  }
  if (bare.length > 0) items.push({ title: 'Skills', desc: bare.join(' · '), link: '' });
  return items;
}

const hasContent = (item: ImportedItem) => item.title !== '' || item.desc !== '';

/** A parsed JSON value as an ImportedProfile; throws ImportError when it is no JSON Resume. */
export function fromJsonResume(value: unknown): ImportedProfile {
  const resume = fields(value);
  if (!PARTS.some((part) => part in resume)) {
    throw new ImportError(
      'This JSON file is not a JSON Resume: it has none of basics, work, projects, education or skills.',
    );
  }
  const basics = fields(resume.basics);
  const location = fields(basics.location);
  const profile = emptyProfile('JSON Resume');
  profile.name = text(basics.name);
  profile.headline = text(basics.label);
  profile.about = text(basics.summary);
  profile.email = text(basics.email);
  profile.phone = text(basics.phone);
  profile.image = text(basics.image) || text(basics.picture);
  profile.location = joinParts(
    [
      text(location.address),
      text(location.city),
      text(location.region),
      text(location.postalCode),
      text(location.countryCode),
    ],
    ', ',
  );
  const website = text(basics.url) || text(basics.website);
  // Profiles first: the website is often among them too (our own export puts it there).
  profile.links = [
    ...list(basics.profiles)
      .map(profileLink)
      .filter((link) => link !== undefined),
    ...(website ? [{ url: website, label: 'Website' }] : []),
  ];
  for (const entry of list(resume.projects)) {
    const project = fields(entry);
    const item = projectItem(project);
    if (!hasContent(item)) continue;
    // Our own export writes a services tile as a project of type "service": it goes back there.
    (text(project.type) === 'service' ? profile.experience : profile.projects).push(item);
  }
  profile.experience.unshift(...list(resume.work).map(workItem).filter(hasContent));
  profile.skills = skillItems(resume.skills);
  profile.notShown = [
    ...notShownLine('Education', list(resume.education).length),
    ...notShownLine('Volunteering', list(resume.volunteer).length),
    ...notShownLine('Awards', list(resume.awards).length),
    ...notShownLine('Certificates', list(resume.certificates).length),
    ...notShownLine('Publications', list(resume.publications).length),
    ...notShownLine('Languages', list(resume.languages).length),
    ...notShownLine('Interests', list(resume.interests).length),
    ...notShownLine('References', list(resume.references).length),
  ];
  return profile;
}

/**
 * Refuses a JSON file larger than any résumé: checked on its bytes before they are decoded
 * (read-file.ts) and on its text for callers that bring text.
 */
export function refuseOversizedJson(size: number): void {
  if (size > IMPORT_LIMITS.jsonBytes) {
    throw new ImportError(
      `This file is larger than ${megabytes(IMPORT_LIMITS.jsonBytes)}, more than any résumé. It was not read.`,
    );
  }
}

/** A JSON Resume file's text, read; throws ImportError with what is wrong. */
export function readJsonResumeText(content: string): ImportedProfile {
  refuseOversizedJson(content.length);
  return fromJsonResume(parseJsonSafely(content, IMPORT_LIMITS.jsonDepth));
}
