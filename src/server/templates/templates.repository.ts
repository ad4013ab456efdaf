import type { Db } from '../db/database.js';
import type { TemplatesTable } from '../db/schema.js';

export type TemplateRow = TemplatesTable;

export function listTemplates(db: Db): Promise<TemplateRow[]> {
  return db.selectFrom('templates').selectAll().orderBy('id').execute();
}

export function findTemplate(db: Db, id: string): Promise<TemplateRow | undefined> {
  return db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a template or refreshes its name and default data; an operator's price is kept. */
export async function upsertTemplateDefaults(
  db: Db,
  row: Pick<
    TemplateRow,
    'id' | 'name' | 'default_data' | 'price_paise' | 'discount_percent' | 'updated_at'
  >,
): Promise<void> {
  await db
    .insertInto('templates')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: row.name,
        default_data: row.default_data,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function updateTemplatePrice(
  db: Db,
  id: string,
  price: { price_paise: number | null; discount_percent: number; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('templates')
    .set(price)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
