import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * How deep a JSON body may nest. Ours nest a handful of levels (a portfolio's sections, their
 * tiles, a tile's fields); a body of nothing but brackets, inside the size a route allows, costs
 * the parser and then the schema far more per byte than any real one, on the event loop.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` opens more than `maxDepth` arrays or objects inside one another: one pass over
 * the characters, strings skipped, before anything is parsed. Malformed text is left to the
 * parser to refuse.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies as Fastify reads them (its parser, with its guard against prototype poisoning),
 * refused with a 400 first when nested deeper than MAX_JSON_DEPTH. Registered on the root before
 * any route, so every scope that keeps the JSON parser has this one.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        badRequest(
          `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep; none of ours goes past a few.`,
        ),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
