import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { parsePortfolio } from '../../shared/domain/portfolio.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import { seedTemplates } from './templates.service.js';
import { updateTemplatePrice } from './templates.repository.js';

describe.each(TEST_DIALECTS)('the templates API on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('lists the five templates with their prices from the store', async () => {
    const response = await fetch(`${t.url}/api/templates`);
    expect(response.status).toBe(200);
    const { templates } = await response.json();
    expect(
      templates.map((template: { id: string; name: string }) => [template.id, template.name]),
    ).toEqual([
      ['template1', 'Mini-port'],
      ['template2', 'Directive'],
      ['template3', 'Hyperspace'],
      ['template4', 'Solid-State'],
      ['template5', 'Phantom'],
    ]);
    expect(templates[1]).toEqual({
      id: 'template2',
      name: 'Directive',
      pricePaise: 70000,
      discountPercent: 10,
      finalPricePaise: 63000,
    });
  });

  it('returns each template default data, valid and limited to the fields it shows', async () => {
    for (const [id, definition] of Object.entries(TEMPLATE_DEFINITIONS)) {
      const response = await fetch(`${t.url}/api/templates/${id}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.id).toBe(id);
      expect(body.name).toBe(definition.name);
      const parsed = parsePortfolio(body.data);
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      for (const key of ['section', 'section2', 'section3'] as const) {
        expect(key in body.data, `${id} ${key}`).toBe(key in definition.sections);
      }
    }
  });

  it('answers 404 for an unknown template', async () => {
    const response = await fetch(`${t.url}/api/templates/template9`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe(
      'There is no template "template9". Templates are template1 to template5.',
    );
  });

  it('keeps an operator price when the templates are seeded again at the next start', async () => {
    await updateTemplatePrice(t.database.db, 'template3', {
      price_paise: null,
      discount_percent: 0,
      updated_at: new Date().toISOString(),
    });
    await seedTemplates(t.database.db);
    const { templates } = await (await fetch(`${t.url}/api/templates`)).json();
    expect(templates[2]).toMatchObject({
      id: 'template3',
      pricePaise: null,
      finalPricePaise: null,
    });
  });
});
