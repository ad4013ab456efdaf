import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';

/** The made-up LinkedIn export's CSVs (test/fixtures/import/linkedin), as LinkedIn names them. */
const FOLDER = path.join(import.meta.dirname, 'fixtures/import/linkedin');

export const JSON_RESUME_FIXTURE = path.join(import.meta.dirname, 'fixtures/import/resume.json');

/**
 * A LinkedIn data export ZIP of the fixture's CSVs, in the folder LinkedIn puts them in;
 * `changes` replaces or adds files by name (a Uint8Array, or text written as UTF-8).
 */
export function linkedinExportZip(changes: Record<string, string | Uint8Array> = {}): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const name of readdirSync(FOLDER)) {
    files[name] = new Uint8Array(readFileSync(path.join(FOLDER, name)));
  }
  for (const [name, content] of Object.entries(changes)) {
    files[name] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  }
  return zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, content]) => [
        `Basic_LinkedInDataExport_12-01-2026/${name}`,
        content,
      ]),
    ),
  );
}
