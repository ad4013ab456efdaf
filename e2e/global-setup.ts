import type { TestProject } from 'vitest/node';
import { startBuiltServer } from '../test/built-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: tests may open its SQLite file to arrange data directly. */
    dataDir: string;
  }
}

/**
 * Browser tests run against the built app exactly as `npm start` serves it: dist/server/main.js
 * on a fresh SQLite data directory and a random port.
 */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer();
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
