import { migrateToLatest, type Db } from './db/database.js';
import { seedTemplates } from './templates/templates.service.js';

/** What every start does before serving: schema up to date, templates and default prices present. */
export async function prepareDatabase(db: Db): Promise<string[]> {
  const applied = await migrateToLatest(db);
  await seedTemplates(db);
  return applied;
}
