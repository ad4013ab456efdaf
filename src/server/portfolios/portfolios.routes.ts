import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PortfolioDataResponse } from '../../shared/templates-api.js';
import { isTemplateId } from '../../shared/templates/catalog.js';
import type { Db } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { addressText } from '../http/route-rules.js';
import { findPortfolioData } from './portfolios.repository.js';
import { requireStoredPortfolio } from './stored-portfolio.js';

export function registerPortfolioRoutes(app: FastifyInstance, db: Db): void {
  /** The signed-in user's saved data for a template they published ('Update' on /choose). */
  app.get<{ Params: { templateId: string } }>(
    '/api/portfolios/:templateId',
    {
      config: {
        signedIn: true,
        rateLimits: ['portfolioLoadsPerUser'],
        params: z.object({ templateId: addressText(40) }),
      },
    },
    async (request, reply): Promise<PortfolioDataResponse> => {
      const user = await request.requireUser();
      const { templateId } = request.params;
      const data = isTemplateId(templateId)
        ? await findPortfolioData(db, user.id, templateId)
        : undefined;
      if (!data || !isTemplateId(templateId)) {
        throw notFound('You have no published portfolio with this template.');
      }
      reply.header('cache-control', 'no-store');
      return { templateId, data: requireStoredPortfolio(data, `portfolio (${templateId})`) };
    },
  );
}
