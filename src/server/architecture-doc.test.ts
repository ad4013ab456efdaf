import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';

/** ARCHITECTURE.md is the map a newcomer reads first: it must name everything there is. */
describe('ARCHITECTURE.md', () => {
  const map = readFileSync('ARCHITECTURE.md', 'utf8');

  it('names every folder of src/, src/client and src/server', () => {
    const folders = ['src', 'src/client', 'src/server', 'src/shared'].flatMap((parent) =>
      readdirSync(parent, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    );
    const unnamed = folders.filter((name) => !new RegExp(`^ +${name}/ `, 'm').test(map));
    expect(unnamed).toEqual([]);
  });

  it('names every table the migrations make', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const tables = await database.db.introspection.getTables();
      const names = tables.map((table) => table.name).filter((name) => !name.startsWith('kysely_'));
      expect(names.length).toBeGreaterThan(20);
      expect(names.filter((name) => !map.includes(`\`${name}\``))).toEqual([]);
    } finally {
      await database.destroy();
    }
  });
});
