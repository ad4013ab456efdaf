import { config } from 'zod/v4/core';

// Zod tries `Function('')` once to learn whether it may compile faster parsers. The builder's
// Content-Security-Policy forbids eval, so that try is reported as a policy violation on every
// page that parses a draft (and costs the page Lighthouse's best-practices 100). The parsers
// without compilation are fast enough for a form's data.
config({ jitless: true });
