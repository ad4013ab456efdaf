import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isTemplateId, TEMPLATE_IDS } from '../../shared/templates/catalog.js';
import type { TemplateListResponse } from '../../shared/templates-api.js';
import type { Db } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { addressText } from '../http/route-rules.js';
import { templateDefaultData, templateSummaries } from './templates.service.js';

export function registerTemplateRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/templates', async (_request, reply): Promise<TemplateListResponse> => {
    reply.header('cache-control', 'no-cache');
    return { templates: await templateSummaries(db) };
  });

  const params = { params: z.object({ id: addressText(40) }) };
  app.get<{ Params: { id: string } }>(
    '/api/templates/:id',
    { config: params },
    async (request, reply) => {
      const { id } = request.params;
      const template = isTemplateId(id) ? await templateDefaultData(db, id) : undefined;
      if (!template)
        throw notFound(
          `There is no template "${id}". Templates are ${TEMPLATE_IDS[0]} to ${TEMPLATE_IDS.at(-1)}.`,
        );
      reply.header('cache-control', 'no-cache');
      return template;
    },
  );
}
