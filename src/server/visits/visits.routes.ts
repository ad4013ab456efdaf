import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normaliseUsername } from '../../shared/domain/username.js';
import type { VisitStats } from '../../shared/visits.js';
import { NOT_YOUR_NAME } from '../site/ownership.js';
import { notFound } from '../http/errors.js';
import { usernameParam } from '../http/route-rules.js';
import { visitStatsOf, type VisitsContext } from './visits.service.js';

/** The owner's view of who came to one of their pages (visits.service.ts). */
export function registerVisitRoutes(app: FastifyInstance, ctx: VisitsContext): void {
  const rules = {
    signedIn: true,
    rateLimits: ['accountPerUser'],
    params: z.object({ username: usernameParam }),
  } as const;
  app.get<{ Params: { username: string } }>(
    '/api/account/portfolios/:username/visits',
    { config: rules },
    async (request, reply): Promise<VisitStats> => {
      const user = await request.requireUser();
      const username = normaliseUsername(request.params.username);
      const stats = await visitStatsOf(ctx, user.id, username);
      if (!stats) throw notFound(NOT_YOUR_NAME);
      reply.header('cache-control', 'no-store');
      return stats;
    },
  );
}
