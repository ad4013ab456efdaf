import { defineConfig } from 'vite';

// The server bundle: our TypeScript (and the shared templates, CSS as strings) compiled to one
// ESM entry; npm dependencies stay external and load from node_modules.
export default defineConfig({
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
  },
  ssr: { target: 'node' },
});
