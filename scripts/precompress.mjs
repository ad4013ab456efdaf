// After `vite build`: writes .br and .gz next to every text asset of dist/client, so the server
// sends compressed files without compressing anything per request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stdout } from 'node:process';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve('dist/client');
const TEXT = /\.(js|css|svg|json|txt|xml|html)$/;
let count = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && statSync(file).size >= 1024) {
      const source = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      count += 1;
    }
  }
}

walk(root);
stdout.write(`precompressed ${count} files in dist/client\n`);
