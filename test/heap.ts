import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Heap kept by `keep` once garbage is collected, in bytes. */
export function heapKeptBy(keep: () => void): number {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  keep();
  collectGarbage();
  return process.memoryUsage().heapUsed - before;
}
