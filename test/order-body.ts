import type { TemplateId } from '../src/shared/routes.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';

/** A valid POST /create-order body for `username`, with the template's sample data. */
export function orderBody(username: string, templateId: TemplateId) {
  return {
    templateId,
    currency: 'INR',
    receipt: String(Date.now()),
    username,
    data: SAMPLE_DATA[templateId],
  };
}
