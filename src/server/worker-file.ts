/**
 * Where a worker thread's code is, for a pool made in the module at `base` (its import.meta.url).
 * From the TypeScript sources (tests, tsx) it is the `.ts` file beside that module, loaded
 * through tsx; in the built server it is an entry of the server bundle next to `main.js`
 * (vite.server.config.ts). The names are computed so that the bundler leaves the URL alone.
 */
export function workerFile(
  base: string,
  sourceName: string,
  builtName: string,
): { filename: string; execArgv: string[] } {
  const fromSources = base.endsWith('.ts');
  return {
    filename: new URL(`./${fromSources ? sourceName : builtName}`, base).href,
    execArgv: fromSources ? ['--import', 'tsx'] : [],
  };
}
