/**
 * Preloaded (`--import`) into worker threads that run from the TypeScript sources (tests, tsx;
 * see worker-file.ts): the templates import their stylesheets for the builder's bundler, and
 * Node cannot load a `.css` module. On the server a stylesheet import means nothing (pages link
 * the built files), so it loads as an empty module, as the server's own build treats it.
 */
import { registerHooks } from 'node:module';

registerHooks({
  load(url, context, nextLoad) {
    if (new URL(url).pathname.endsWith('.css')) {
      return { format: 'module', source: '', shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});
