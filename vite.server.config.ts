import { defineConfig } from 'vite';

// The server bundle: our TypeScript (and the shared templates, CSS as strings) compiled to one
// ESM entry; npm dependencies stay external and load from node_modules.
export default defineConfig({
  build: {
    ssr: true,
    rollupOptions: {
      input: {
        main: 'src/server/main.ts',
        admin: 'src/server/admin/cli.ts',
        // Started as the image processes (uploads/image-pool.ts) by this name.
        'image-worker': 'src/server/uploads/image-process.ts',
        // Loaded by the receipt PDF thread (receipts/receipt-pdfs.ts) by this name.
        'receipt-pdf-worker': 'src/server/receipts/receipt-pdf.worker.ts',
        // Loaded by the page render threads (public-pages/page-render-pool.ts) by this name.
        'page-render-worker': 'src/server/public-pages/page-render.worker.ts',
        seed: 'src/server/admin/seed.ts',
      },
      // Entries at the root, shared chunks in assets/ (worker-file.ts finds the workers by it).
      output: { entryFileNames: '[name].js', chunkFileNames: 'assets/[name]-[hash].js' },
    },
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
  },
  ssr: { target: 'node' },
});
