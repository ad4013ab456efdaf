import { csvRecords, parseCsv } from './csv.js';
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
import { decodeText } from './text-decoding.js';
import { unpackZip } from './zip.js';

/*
 * The ZIP LinkedIn mails from "Get a copy of your data", read into an ImportedProfile. Its CSVs
 * (column names as LinkedIn writes them, compared without case):
 *   Profile.csv            First Name, Last Name, Maiden Name, Address, Birth Date, Headline,
 *                          Summary, Industry, Zip Code, Geo Location, Twitter Handles, Websites,
 *                          Instant Messengers
 *   Profile Summary.csv    Profile Summary
 *   Positions.csv          Company Name, Title, Description, Location, Started On, Finished On
 *   Projects.csv           Title, Description, Url, Started On, Finished On
 *   Skills.csv             Name
 *   Email Addresses.csv    Email Address, Confirmed, Primary, Updated On
 *   PhoneNumbers.csv       Extension, Number, Type
 * and, counted for the list of what no template shows: Education, Certifications, Languages,
 * Honors, Publications, Courses, Volunteering. Files may sit in a folder inside the ZIP. Birth
 * date, address and messengers are never read: a portfolio is public.
 */

const FILES = {
  profile: 'profile.csv',
  summary: 'profile summary.csv',
  positions: 'positions.csv',
  projects: 'projects.csv',
  skills: 'skills.csv',
  emails: 'email addresses.csv',
  phones: 'phonenumbers.csv',
  phonesSpaced: 'phone numbers.csv',
} as const;

/** Lists no template shows: file, its key column, and how the dialog names it. */
const COUNTED: readonly (readonly [string, string, string])[] = [
  ['education.csv', 'school name', 'Education'],
  ['certifications.csv', 'name', 'Certifications'],
  ['languages.csv', 'name', 'Languages'],
  ['honors.csv', 'title', 'Honours and awards'],
  ['publications.csv', 'name', 'Publications'],
  ['courses.csv', 'name', 'Courses'],
  ['volunteering.csv', 'role', 'Volunteering'],
];

const READ = new Set<string>([...Object.values(FILES), ...COUNTED.map(([file]) => file)]);

const baseName = (name: string) => (name.split('/').pop() ?? '').toLowerCase();

/** Each file we read, by its lower-case base name; the first of a name wins. */
function unpackExport(bytes: Uint8Array): Map<string, { shown: string; content: Uint8Array }> {
  const seen = new Set<string>();
  const files = unpackZip(bytes, (name) => {
    const base = baseName(name);
    if (name.startsWith('__MACOSX/') || !READ.has(base) || seen.has(base)) return false;
    seen.add(base);
    return true;
  });
  return new Map(
    [...files].map(([name, content]) => [
      baseName(name),
      { shown: name.split('/').pop() ?? name, content },
    ]),
  );
}

const LINK_LABELS: Record<string, string> = {
  PERSONAL: 'Website',
  COMPANY: 'Company',
  BLOG: 'Blog',
  PORTFOLIO: 'Portfolio',
  RSS: 'Feed',
  OTHER: 'Website',
};

/** "[PERSONAL:https://a.example],[BLOG:https://b.example]" (older exports: without brackets). */
function websiteLinks(value: string): ImportedLink[] {
  const links: ImportedLink[] = [];
  for (const part of value.split(/[[\],]/)) {
    const match = /^\s*(?:([A-Za-z]{1,20}):)?(https?:\/\/\S+)$/.exec(part);
    if (match) {
      links.push({
        url: match[2]!,
        label: LINK_LABELS[(match[1] ?? '').toUpperCase()] ?? 'Website',
      });
    }
  }
  return links;
}

/** "[asha_draws],[asha]": X handles as profile addresses. */
function twitterLinks(value: string): ImportedLink[] {
  return value
    .split(/[[\],\s]/)
    .map((handle) => handle.replace(/^@/, ''))
    .filter((handle) => /^\w{1,15}$/.test(handle))
    .map((handle) => ({ url: `https://x.com/${handle}`, label: 'X' }));
}

const item = (title: string, desc: string, link = ''): ImportedItem => ({ title, desc, link });

/** A LinkedIn export's bytes as an ImportedProfile; throws ImportError with what is wrong. */
export function readLinkedInExport(bytes: Uint8Array): ImportedProfile {
  if (bytes.length > IMPORT_LIMITS.zipBytes) {
    throw new ImportError(
      `This ZIP file is larger than ${megabytes(IMPORT_LIMITS.zipBytes)}. Ask LinkedIn for the smaller export (your profile only) and choose that.`,
    );
  }
  const files = unpackExport(bytes);
  const records = (file: string, column: string) => {
    const found = files.get(file);
    if (!found) return [];
    const { shown, content } = found;
    return csvRecords(parseCsv(decodeText(content, shown), shown), column) ?? [];
  };
  const mainFiles = [FILES.profile, FILES.positions, FILES.projects, FILES.skills];
  if (!mainFiles.some((file) => files.has(file))) {
    throw new ImportError(
      'This ZIP file is not a LinkedIn data export: it has no Profile.csv, Positions.csv, Projects.csv or Skills.csv.',
    );
  }

  const profile = emptyProfile('LinkedIn export');
  const me = records(FILES.profile, 'first name')[0] ?? {};
  profile.name = joinParts([me['first name'] ?? '', me['last name'] ?? ''], ' ');
  profile.headline = me.headline ?? '';
  profile.about =
    me.summary || (records(FILES.summary, 'profile summary')[0]?.['profile summary'] ?? '');
  profile.location = me['geo location'] ?? '';
  profile.links = [
    ...websiteLinks(me.websites ?? ''),
    ...twitterLinks(me['twitter handles'] ?? ''),
  ];

  const emails = records(FILES.emails, 'email address').filter((row) => row['email address']);
  const primary = emails.find((row) => row.primary?.toLowerCase() === 'yes') ?? emails[0];
  profile.email = primary?.['email address'] ?? '';
  const phones = [
    ...records(FILES.phones, 'number'),
    ...records(FILES.phonesSpaced, 'number'),
  ].filter((row) => row.number);
  profile.phone = phones[0]?.number ?? '';

  profile.experience = records(FILES.positions, 'company name')
    .map((row) => {
      const title = row.title ?? '';
      const company = row['company name'] ?? '';
      return item(
        title && company ? `${title} at ${company}` : title || company,
        joinParts(
          [
            joinParts(
              [dateRange(row['started on'] ?? '', row['finished on'] ?? ''), row.location ?? ''],
              ' · ',
            ),
            row.description ?? '',
          ],
          '\n\n',
        ),
      );
    })
    .filter((entry) => entry.title || entry.desc);
  profile.projects = records(FILES.projects, 'title')
    .map((row) =>
      item(
        row.title ?? '',
        joinParts(
          [dateRange(row['started on'] ?? '', row['finished on'] ?? ''), row.description ?? ''],
          '\n\n',
        ),
        row.url ?? '',
      ),
    )
    .filter((entry) => entry.title || entry.desc);
  const skills = records(FILES.skills, 'name')
    .map((row) => row.name ?? '')
    .filter(Boolean);
  // LinkedIn lists a skill again when it was endorsed in another context.
  const distinct = [...new Set(skills)];
  profile.skills = distinct.length > 0 ? [item('Skills', distinct.join(' · '))] : [];
  profile.notShown = COUNTED.flatMap(([file, column, label]) =>
    notShownLine(label, records(file, column).length),
  );
  return profile;
}
