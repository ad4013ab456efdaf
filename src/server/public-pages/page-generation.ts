// Kept only so that domains/ and bench/, changed on another branch at the same time, still build;
// the merge points their imports at page-generation.repository.ts and deletes this file.
export { bumpPageGeneration, readPageGeneration } from './page-generation.repository.js';
