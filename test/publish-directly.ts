import { randomUUID } from 'node:crypto';
import type { Db } from '../src/server/db/database.js';
import { bumpPageGeneration } from '../src/server/site/page-generation.repository.js';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import type { TemplateId } from '../src/shared/templates/catalog.js';

/**
 * A published portfolio written straight into the store, for tests that are about showing it
 * rather than paying for it (the paying path has its own tests). Like every real writer, it bumps the page generation.
 */
export async function publishDirectly(
  db: Db,
  {
    username,
    templateId,
    data,
    email = `${username}@example.com`,
    paidUntil = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString(),
    ownerId,
  }: {
    username: string;
    templateId: TemplateId;
    data: PortfolioData;
    email?: string;
    /** A year ahead unless the test is about the term. */
    paidUntil?: string;
    /** An account that exists already (signed in through the browser); else a new one. */
    ownerId?: string;
  },
): Promise<{ userId: string; portfolioId: string }> {
  const now = new Date().toISOString();
  const userId = ownerId ?? randomUUID();
  const portfolioId = randomUUID();
  await db.transaction().execute(async (trx) => {
    if (!ownerId) {
      await trx
        .insertInto('users')
        .values({
          id: userId,
          issuer: 'https://test.example',
          subject: userId,
          email,
          email_verified: 1,
          name: data.personalDetails.name || username,
          given_name: null,
          picture: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await trx
      .insertInto('portfolios')
      .values({
        id: portfolioId,
        user_id: userId,
        template_id: templateId,
        data: JSON.stringify(data),
        paid_until: paidUntil,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('usernames')
      .values({
        username,
        user_id: userId,
        portfolio_id: portfolioId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await bumpPageGeneration(trx);
  });
  return { userId, portfolioId };
}

/** Changes a published portfolio's data the way an update does (new updated_at). */
export async function updateDirectly(
  db: Db,
  portfolioId: string,
  data: PortfolioData,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('portfolios')
      .set({ data: JSON.stringify(data), updated_at: new Date(Date.now() + 1).toISOString() })
      .where('id', '=', portfolioId)
      .execute();
    await bumpPageGeneration(trx);
  });
}
