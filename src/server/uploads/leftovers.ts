import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes the files of `dir` whose name ends with `suffix` and that nothing has written to for
 * `idleMs`: what a stopped process left half-written. A file still being written (by another
 * process on the machine) is younger, and stays. Returns how many were removed.
 */
export async function removeIdleFiles(
  dir: string,
  suffix: string,
  idleMs: number,
): Promise<number> {
  let removed = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.endsWith(suffix))) {
    const file = path.join(dir, name);
    const changed = await stat(file).then(
      (info) => info.mtimeMs,
      () => undefined,
    );
    if (changed === undefined || Date.now() - changed < idleMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
