import { describe, expect, it } from 'vitest';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { parseDraftForFinalPreview } from './finalDraft.js';

describe('parseDraftForFinalPreview', () => {
  it('reads a valid draft', () => {
    const raw = JSON.stringify({ templateId: 'template2', data: SAMPLE_DATA.template2 });
    const result = parseDraftForFinalPreview(raw);
    expect(result.status).toBe('ok');
    if (result.status === 'ok') {
      expect(result.draft.templateId).toBe('template2');
      expect(result.draft.data.personalDetails.name).toBe(
        SAMPLE_DATA.template2.personalDetails.name,
      );
    }
  });

  it('has nothing without a draft', () => {
    expect(parseDraftForFinalPreview(null)).toEqual({ status: 'missing' });
    expect(parseDraftForFinalPreview('')).toEqual({ status: 'missing' });
  });

  it('cannot read what is not JSON or names no template', () => {
    expect(parseDraftForFinalPreview('{oops')).toEqual({ status: 'unreadable' });
    expect(parseDraftForFinalPreview('null')).toEqual({ status: 'unreadable' });
    expect(
      parseDraftForFinalPreview(JSON.stringify({ templateId: 'template9', data: {} })),
    ).toEqual({
      status: 'unreadable',
    });
  });

  it('keeps the template of a draft with a field the server would refuse, naming the field', () => {
    const data = structuredClone(SAMPLE_DATA.template1);
    data.section!.sectionTiles[0]!.link = 'javascript:alert(1)';
    const result = parseDraftForFinalPreview(JSON.stringify({ templateId: 'template1', data }));
    expect(result.status).toBe('invalid');
    if (result.status === 'invalid') {
      expect(result.templateId).toBe('template1');
      expect(result.problem.field).toBe('section.sectionTiles.0.link');
    }
  });
});
