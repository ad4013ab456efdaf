import type { FastifyInstance } from 'fastify';
import { isTemplateId } from '../../shared/routes.js';
import type { Db } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { templateDefaultData, templateSummaries } from './templates.service.js';

export function registerTemplateRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/templates', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { templates: await templateSummaries(db) };
  });

  app.get<{ Params: { id: string } }>('/api/templates/:id', async (request, reply) => {
    const { id } = request.params;
    const template = isTemplateId(id) ? await templateDefaultData(db, id) : undefined;
    if (!template)
      throw notFound(`There is no template "${id}". Templates are template1 to template5.`);
    reply.header('cache-control', 'no-cache');
    return template;
  });
}
