/**
 * Where a worker thread's code is, for a pool made in the module at `base` (its import.meta.url).
 * From the TypeScript sources (tests, tsx) it is the `.ts` file beside that module, loaded
 * through tsx, with stylesheet imports loading as nothing (stylesheet-imports-hook.ts, for
 * threads that render templates); in the built server it is an entry of the server bundle next
 * to `main.js` (vite.server.config.ts), one directory up from a module that landed in a chunk
 * shared by several entries (`assets/`). The names are computed so that the bundler leaves the
 * URL alone.
 */
const STYLESHEET_HOOK = './stylesheet-imports-hook.ts';
/** This module's address, by a name of its own so that the bundler leaves the URL alone. */
const here = import.meta.url;

export function workerFile(
  base: string,
  sourceName: string,
  builtName: string,
): { filename: string; execArgv: string[] } {
  const fromSources = base.endsWith('.ts');
  const inSharedChunk = /\/assets\/[^/]+$/.test(new URL(base).pathname);
  const name = fromSources ? sourceName : `${inSharedChunk ? '../' : ''}${builtName}`;
  return {
    filename: new URL(`./${name}`, base).href,
    execArgv: fromSources
      ? ['--import', 'tsx', '--import', new URL(STYLESHEET_HOOK, here).href]
      : [],
  };
}
