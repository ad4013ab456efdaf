import { z } from 'zod';

// Zod tries `Function('')` once to learn whether it may compile faster parsers. The builder's
// Content-Security-Policy forbids eval, so in a browser that try is reported as a policy
// violation on every page that parses a draft (and costs Lighthouse's best practices 100). The
// parsers without compilation are fast enough for a form's data; the server keeps compiling.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Zod for the schemas the browser runs too: import it from here, never from 'zod'. */
export { z };
