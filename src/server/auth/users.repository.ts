import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';

export type UserRow = UsersTable;

/** The subject a deleted account keeps: no provider issues it, so nobody signs in as it. */
export const erasedSubject = (userId: string) => `deleted:${userId}`;

/** An account its owner deleted: its row stays only because orders point at it. */
export const isErased = (user: UserRow) => user.subject === erasedSubject(user.id);

export interface ProviderProfile {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  givenName: string | null;
  picture: string | null;
}

/** The account for this provider subject, created on first sign-in and refreshed on each. */
export async function upsertUserFromProfile(
  db: Db,
  profile: ProviderProfile,
  now: Date,
): Promise<UserRow> {
  const stamp = now.toISOString();
  const fields = {
    email: profile.email,
    email_verified: profile.emailVerified ? 1 : 0,
    name: profile.name,
    given_name: profile.givenName,
    picture: profile.picture,
    updated_at: stamp,
  };
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      issuer: profile.issuer,
      subject: profile.subject,
      created_at: stamp,
      ...fields,
    })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doUpdateSet(fields))
    .execute();
  return db
    .selectFrom('users')
    .selectAll()
    .where('issuer', '=', profile.issuer)
    .where('subject', '=', profile.subject)
    .executeTakeFirstOrThrow();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
