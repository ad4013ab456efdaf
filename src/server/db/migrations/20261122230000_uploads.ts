import type { Kysely } from 'kysely';

/*
 * Images people upload. One row per (owner, content hash): the same file uploaded by two people
 * is stored once and belongs to each of them, and its files are deleted with the last row.
 * `bytes` is the size of the file as uploaded (it counts against the owner's quota).
 * `last_referenced_at` moves forward whenever a draft or a portfolio is seen to use the upload;
 * rows left unreferenced for 30 days are swept.
 * The owner has no ON DELETE CASCADE on purpose: deleting a person must go through
 * deleteUploadsOf(), which also removes the files, so a forgotten call fails loudly rather than
 * leaving files behind.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_referenced_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('uploads_pkey', ['user_id', 'hash'])
    .execute();
  await db.schema.createIndex('uploads_hash').on('uploads').column('hash').execute();
  await db.schema
    .createIndex('uploads_last_referenced_at')
    .on('uploads')
    .column('last_referenced_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
