import { ImportError } from './import-error.js';

/**
 * How deeply a JSON text nests, counted before it is parsed: a file of ten thousand "[" would
 * parse, and then overflow the stack of whatever walks it. Stops counting at `limit` + 1.
 */
export function jsonNesting(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
      continue;
    }
    if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth -= 1;
  }
  return deepest;
}

/** Parses JSON nested at most `maxDepth` deep; throws ImportError with what is wrong. */
export function parseJsonSafely(text: string, maxDepth: number): unknown {
  if (jsonNesting(text, maxDepth) > maxDepth) {
    throw new ImportError(
      `This file nests more than ${maxDepth} levels deep, which no résumé does. It was not read.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (failure) {
    const detail = failure instanceof SyntaxError ? ` (${failure.message})` : '';
    throw new ImportError(`This file is not valid JSON${detail}.`);
  }
}
