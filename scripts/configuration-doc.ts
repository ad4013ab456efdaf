/** Writes docs/configuration.md from src/server/config-reference.ts (npm run docs:config). */
import { writeFileSync } from 'node:fs';
import { configurationDocument } from '../src/server/config-document.js';

writeFileSync('docs/configuration.md', await configurationDocument());
