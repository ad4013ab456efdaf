import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_RESUME_FIXTURE, linkedinExportZip } from '../../../test/linkedin-export.js';
import { csvRecords, parseCsv } from './csv.js';
import { IMPORT_LIMITS, ImportError } from './import-error.js';
import { readResumeFile } from './read-file.js';
import { jsonNesting } from './safe-json.js';
import { decodeText } from './text-decoding.js';
import { listZipEntries, unpackZip } from './zip.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The message of the ImportError `read` throws (fails the test if it throws something else). */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (failure) {
    expect(failure).toBeInstanceOf(ImportError);
    return (failure as Error).message;
  }
  throw new Error('expected the file to be refused');
}

describe('JSON Resume', () => {
  it('reads basics, profiles, work, projects and skills, and lists what no template shows', () => {
    const profile = readResumeFile(
      'resume.json',
      new Uint8Array(readFileSync(JSON_RESUME_FIXTURE)),
    );
    expect(profile).toMatchObject({
      format: 'JSON Resume',
      name: 'Meera Iyer',
      headline: 'Landscape architect',
      about: 'I design gardens and public parks that stay cool in an Indian summer.',
      email: 'meera@example.com',
      phone: '+91 98450 12345',
      location: 'Pune, Maharashtra, IN',
    });
    expect(profile.links).toEqual([
      { url: 'https://github.com/meera-iyer', label: 'GitHub' },
      { url: 'https://www.linkedin.com/in/meera-iyer-example', label: 'LinkedIn' },
      { url: 'https://meera.example.com', label: 'Website' },
    ]);
    expect(profile.projects.map((item) => item.title)).toEqual([
      'Baner Hill Park',
      'Riverside Steps',
    ]);
    expect(profile.projects[0]!.desc).toBe(
      '2021 – 2022\n\nA hillside park with native grasses and shaded paths.',
    );
    expect(profile.experience).toEqual([
      {
        title: 'Senior landscape architect at Greenline Studio',
        desc: 'Apr 2019 – present\n\nI lead planting design for parks and campuses.\n\n• Twelve public parks\n• A rain garden for 40 homes',
        link: '',
      },
    ]);
    expect(profile.skills).toEqual([
      { title: 'Planting design', desc: 'native species, drip irrigation', link: '' },
    ]);
    expect(profile.notShown).toEqual(['Education: 1 entry', 'Languages: 2 entries']);
  });

  it('skips fields of the wrong type instead of failing', () => {
    const profile = readResumeFile(
      'r.json',
      utf8(
        JSON.stringify({ basics: { name: 42, label: ['x'], profiles: 'none' }, work: [null, 3] }),
      ),
    );
    expect(profile.name).toBe('');
    expect(profile.links).toEqual([]);
    expect(profile.experience).toEqual([]);
  });

  it('takes only known networks by name: "constructor" and "__proto__" are no networks', () => {
    const profiles = ['constructor', '__proto__', 'toString', 'GitHub'].map((network) => ({
      network,
      username: 'asha',
    }));
    const profile = readResumeFile(
      'r.json',
      utf8(JSON.stringify({ basics: { name: 'Asha', profiles } })),
    );
    expect(profile.links).toEqual([{ url: 'https://github.com/asha', label: 'GitHub' }]);
  });

  it('refuses JSON that is no résumé, broken JSON and an empty file', () => {
    expect(refusal(() => readResumeFile('a.json', utf8('{"name":"x"}')))).toMatch(
      /not a JSON Resume/,
    );
    expect(refusal(() => readResumeFile('a.json', utf8('[1,2]')))).toMatch(/not a JSON Resume/);
    expect(refusal(() => readResumeFile('a.json', utf8('{"basics": ')))).toMatch(/not valid JSON/);
    expect(refusal(() => readResumeFile('a.json', new Uint8Array()))).toMatch(/empty/);
  });

  it('refuses 10,000-deep JSON before parsing it', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(jsonNesting(deep, IMPORT_LIMITS.jsonDepth)).toBe(IMPORT_LIMITS.jsonDepth + 1);
    expect(refusal(() => readResumeFile('deep.json', utf8(`{"basics":${deep}}`)))).toMatch(
      /nests more than 32 levels/,
    );
    // Brackets inside strings are text, not nesting.
    expect(jsonNesting(JSON.stringify({ a: '[[[[{{{{\\"' }), 5)).toBe(1);
  });

  it('refuses a file larger than the limit without decoding it', () => {
    const huge = new Uint8Array(IMPORT_LIMITS.jsonBytes + 1).fill(0x20);
    expect(refusal(() => readResumeFile('huge.json', huge))).toMatch(/larger than 2 MB/);
  });

  it('reads UTF-16 files, with or without a byte-order mark', () => {
    const json = JSON.stringify({ basics: { name: 'Zoë Ångström' } });
    const le = new Uint8Array(Buffer.from(`\uFEFF${json}`, 'utf16le'));
    expect(readResumeFile('a.json', le).name).toBe('Zoë Ångström');
    const bareLe = new Uint8Array(Buffer.from(json, 'utf16le'));
    expect(readResumeFile('a.json', bareLe).name).toBe('Zoë Ångström');
    const be = new Uint8Array(Buffer.from(`\uFEFF${json}`, 'utf16le').swap16());
    expect(readResumeFile('a.json', be).name).toBe('Zoë Ångström');
  });

  it('says so when the encoding is not UTF-8 or UTF-16', () => {
    // "Zoë" in Windows-1252: the ë is one byte, 0xEB, which is no UTF-8.
    const latin1 = new Uint8Array([...utf8('{"basics":{"name":"Zo'), 0xeb, ...utf8('"}}')]);
    expect(refusal(() => readResumeFile('a.json', latin1))).toMatch(/not UTF-8 or UTF-16 text/);
    expect(refusal(() => decodeText(new Uint8Array([0x7b, 0, 0, 0x7d, 0x41]), 'X'))).toMatch(
      /not (a text file|UTF-8)/,
    );
  });

  it('never throws anything but an ImportError, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        try {
          readResumeFile('x.json', bytes);
        } catch (failure) {
          expect(failure).toBeInstanceOf(ImportError);
        }
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.json({ maxDepth: 6 }), (json) => {
        try {
          readResumeFile('x.json', utf8(json));
        } catch (failure) {
          expect(failure).toBeInstanceOf(ImportError);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, line breaks inside quotes, CRLF and a missing last newline', () => {
    expect(parseCsv('a,"b, c","say ""hi""\r\nthere"\r\n1,2,3', 'T')).toEqual([
      ['a', 'b, c', 'say "hi"\r\nthere'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('x\n\n\ny\n', 'T')).toEqual([['x'], ['y']]);
  });

  it('finds the header under a "Notes:" preamble and reads missing cells as empty', () => {
    const rows = parseCsv('Notes:\n"LinkedIn says hello"\n\nName,Level\nFigma\n', 'T');
    expect(csvRecords(rows, 'name')).toEqual([{ name: 'Figma', level: '' }]);
    expect(csvRecords(rows, 'missing')).toBeUndefined();
  });

  it('keeps spreadsheet formulas as the text they are', () => {
    const rows = parseCsv(
      'Name\n"=HYPERLINK(""https://evil.example"",""x"")"\n+1+1\n-2\n@SUM(A1)\n',
      'T',
    );
    expect(csvRecords(rows, 'name')!.map((row) => row.name)).toEqual([
      '=HYPERLINK("https://evil.example","x")',
      '+1+1',
      '-2',
      '@SUM(A1)',
    ]);
  });

  it('refuses a quote left open and a field longer than the limit', () => {
    expect(refusal(() => parseCsv('a,"b\n', 'Skills.csv'))).toMatch(/Skills.csv ends inside/);
    const long = 'x'.repeat(IMPORT_LIMITS.csvFieldChars + 1);
    expect(refusal(() => parseCsv(`Name\n${long}\n`, 'Skills.csv'))).toMatch(/longer than/);
    // A header of millions of empty columns would keep the tab busy for minutes row by row.
    const wide = `Name${','.repeat(IMPORT_LIMITS.csvCells)}\nx\n`;
    expect(refusal(() => parseCsv(wide, 'Skills.csv'))).toMatch(/row of more than 256 values/);
  });

  it('a header named __proto__ stays a column, not a prototype', () => {
    const [record] = csvRecords(parseCsv('__proto__,Name\nx,y\n', 'T'), 'name')!;
    expect(record!.name).toBe('y');
    expect(Object.getPrototypeOf(record)).toBeNull();
  });
});

describe('LinkedIn export', () => {
  it('reads profile, websites, X handle, primary email, phone, positions, projects and skills', () => {
    const profile = readResumeFile('Basic_LinkedInDataExport.zip', linkedinExportZip());
    expect(profile).toMatchObject({
      format: 'LinkedIn export',
      name: 'Rohan Kulkarni',
      headline: 'Product designer at Tidewater',
      about: 'I design calm software for clinics.\r\nEight years in health tech.',
      email: 'rohan@example.com',
      phone: '+91 98220 54321',
      location: 'Pune, Maharashtra, India',
    });
    expect(profile.links).toEqual([
      { url: 'https://rohan.example.com', label: 'Portfolio' },
      { url: 'https://rohan.example.com/notes', label: 'Blog' },
      { url: 'https://x.com/rohan_draws', label: 'X' },
    ]);
    expect(profile.experience.map((item) => item.title)).toEqual([
      'Lead product designer at Tidewater',
      'Product designer at Northwind Health',
    ]);
    expect(profile.experience[0]!.desc).toBe(
      'Feb 2022 – present · Pune, India\n\nDesign system, patient app and "the clinic dashboard".',
    );
    expect(profile.projects).toEqual([
      {
        title: 'Clinic queue app',
        desc: 'Mar 2023 – Oct 2023\n\nCut waiting-room time by a third.',
        link: 'https://rohan.example.com/queue',
      },
    ]);
    expect(profile.skills).toEqual([
      { title: 'Skills', desc: 'Interaction design · User research · Figma', link: '' },
    ]);
    expect(profile.notShown).toEqual(['Education: 1 entry']);
    // Never read: a portfolio is public.
    expect(JSON.stringify(profile)).not.toMatch(/Lake Road|1990/);
  });

  it('reads a CSV saved again as UTF-16', () => {
    const skills = new Uint8Array(Buffer.from('\uFEFFName\r\nKannada lettering\r\n', 'utf16le'));
    const profile = readResumeFile('x.zip', linkedinExportZip({ 'Skills.csv': skills }));
    expect(profile.skills[0]!.desc).toBe('Kannada lettering');
  });

  it('names the file whose encoding is wrong', () => {
    const latin1 = new Uint8Array([...utf8('Name\r\nCaf'), 0xe9, 0x0d, 0x0a]);
    expect(
      refusal(() => readResumeFile('x.zip', linkedinExportZip({ 'Skills.csv': latin1 }))),
    ).toMatch(/Skills.csv is not UTF-8/);
  });

  it('refuses a ZIP that is no LinkedIn export', () => {
    const other = zipSync({ 'photo.txt': utf8('hello') });
    expect(refusal(() => readResumeFile('x.zip', other))).toMatch(/not a LinkedIn data export/);
  });

  it('refuses a damaged ZIP: cut short, or not a ZIP at all', () => {
    const whole = linkedinExportZip();
    expect(refusal(() => readResumeFile('x.zip', whole.slice(0, whole.length - 30)))).toMatch(
      /not a ZIP|damaged/,
    );
    expect(refusal(() => readResumeFile('x.zip', whole.slice(0, 200)))).toMatch(
      /not a ZIP|damaged/,
    );
    expect(refusal(() => readResumeFile('x.zip', utf8('{"basics":{}}')))).toMatch(/not a ZIP/);
  });

  it('never throws anything but an ImportError on a ZIP with bytes changed', () => {
    const whole = linkedinExportZip();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: whole.length - 1 }), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 8,
        }),
        (changes) => {
          const bytes = whole.slice();
          for (const [at, value] of changes) bytes[at] = value;
          try {
            readResumeFile('x.zip', bytes);
          } catch (failure) {
            expect(failure).toBeInstanceOf(ImportError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Overwrites the 32-bit value at `at` in every place a ZIP records an entry's unpacked size. */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const bytes = zip.slice();
  const data = new DataView(bytes.buffer);
  for (let at = 0; at + 4 <= bytes.length; at += 1) {
    const signature = data.getUint32(at, true);
    if (signature === 0x04034b50) data.setUint32(at + 22, size, true);
    if (signature === 0x02014b50) data.setUint32(at + 24, size, true);
  }
  return bytes;
}

describe('ZIP bombs and limits', () => {
  // 16 MB of one byte deflates to about 16 KB.
  const bomb = () =>
    zipSync({ 'Profile.csv': new Uint8Array(16 * 1024 * 1024).fill(0x41) }, { level: 9 });

  it('refuses an entry that declares more than the limit before unpacking it', () => {
    const zip = bomb();
    expect(zip.length).toBeLessThan(64 * 1024);
    expect(refusal(() => readResumeFile('bomb.zip', zip))).toMatch(/unpacks to more than 8 MB/);
  });

  it('stops unpacking an entry that gives more than it declares (a small declared size)', () => {
    const lying = declareSize(bomb(), 1000);
    expect(listZipEntries(lying)[0]!.size).toBe(1000);
    expect(refusal(() => readResumeFile('bomb.zip', lying))).toMatch(
      /unpacks to more than it declares/,
    );
  });

  it('refuses more files than a LinkedIn export has, from the count alone', () => {
    const many = Object.fromEntries(
      Array.from({ length: IMPORT_LIMITS.zipEntries + 1 }, (_, index) => [
        `f${index}.txt`,
        new Uint8Array(),
      ]),
    );
    expect(refusal(() => readResumeFile('many.zip', zipSync(many)))).toMatch(/holds 5001 files/);
  });

  it('refuses wanted entries whose declared sizes together pass the limit', () => {
    const big = new Uint8Array(7 * 1024 * 1024).fill(0x41);
    const zip = zipSync({ 'Profile.csv': big, 'Positions.csv': big, 'Projects.csv': big });
    expect(refusal(() => unpackZip(zip, () => true))).toMatch(/unpack to more than 16 MB/);
  });

  it('refuses a ZIP file larger than the limit', () => {
    const huge = new Uint8Array(IMPORT_LIMITS.zipBytes + 1);
    huge.set([0x50, 0x4b, 0x03, 0x04]);
    expect(refusal(() => readResumeFile('huge.zip', huge))).toMatch(/larger than 64 MB/);
  });
});
