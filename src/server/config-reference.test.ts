import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configurationDocument } from './config-document.js';
import { ENV_VARIABLES } from './config.js';
import { CONFIGURATION } from './config-reference.js';

/** Every source file of the server, tests left out. */
function serverSources(dir = 'src/server'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return serverSources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the configuration reference', () => {
  it('is what docs/configuration.md says, word for word (npm run docs:config writes it)', async () => {
    expect(readFileSync('docs/configuration.md', 'utf8')).toBe(await configurationDocument());
  });

  it('names every variable the server reads, and config.ts is the only reader', () => {
    const readers = serverSources().filter((file) =>
      /process\.env\b/.test(readFileSync(file, 'utf8')),
    );
    expect(readers).toEqual([path.join('src', 'server', 'config.ts')]);
    // And config.ts reads only what its schema names, besides the schema's own reading.
    const config = readFileSync('src/server/config.ts', 'utf8');
    const readDirectly = [...config.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]);
    expect(ENV_VARIABLES).toEqual(expect.arrayContaining(readDirectly));
    expect(ENV_VARIABLES.length).toBeGreaterThan(40);
    expect(Object.keys(CONFIGURATION).sort()).toEqual([...ENV_VARIABLES].sort());
  });
});
