import type { FastifyInstance } from 'fastify';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { isTemplateId } from '../../shared/routes.js';
import type { Db } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { findPortfolioData } from './portfolios.repository.js';

export function registerPortfolioRoutes(app: FastifyInstance, db: Db): void {
  /** The signed-in user's saved data for a template they published ('Update' on /choose). */
  app.get<{ Params: { templateId: string } }>(
    '/api/portfolios/:templateId',
    async (request, reply) => {
      const user = await request.requireUser();
      const { templateId } = request.params;
      const data = isTemplateId(templateId)
        ? await findPortfolioData(db, user.id, templateId)
        : undefined;
      if (!data) throw notFound('You have no published portfolio with this template.');
      reply.header('cache-control', 'no-store');
      return { templateId, data: JSON.parse(data) as PortfolioData };
    },
  );
}
