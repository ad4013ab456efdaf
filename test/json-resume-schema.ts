import { Ajv } from 'ajv';
import formats from 'ajv-formats';

/*
 * JSON Resume v1.0.0's rules for what we write, as its schema states them: no other top-level
 * keys, strings where it wants strings, `email`, `uri` and the date-time of meta as formats.
 */
const uri = { type: 'string', format: 'uri' };
const strings = { type: 'array', items: { type: 'string' } };
const JSON_RESUME_V1 = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: uri,
    basics: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        label: { type: 'string' },
        image: { type: 'string' },
        email: { type: 'string', format: 'email' },
        phone: { type: 'string' },
        url: uri,
        summary: { type: 'string' },
        location: { type: 'object', properties: { address: { type: 'string' } } },
        profiles: {
          type: 'array',
          items: {
            type: 'object',
            properties: { network: { type: 'string' }, username: { type: 'string' }, url: uri },
          },
        },
      },
    },
    projects: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          description: { type: 'string' },
          highlights: strings,
          keywords: strings,
          url: uri,
          roles: strings,
          entity: { type: 'string' },
          type: { type: 'string' },
        },
      },
    },
    meta: {
      type: 'object',
      properties: {
        canonical: uri,
        version: { type: 'string' },
        lastModified: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$' },
      },
    },
  },
};

const ajv = new Ajv({ allErrors: true, strict: false });
// ajv-formats is CommonJS: its plugin is the default export's `default` under Node's ESM.
(formats as unknown as { default: typeof formats }).default(ajv);
/** Whether a value is a JSON Resume v1.0.0 as we write it; its errors in `.errors`. */
export const validateJsonResume = ajv.compile(JSON_RESUME_V1);
