/**
 * Waits for a condition that the system reaches on its own (a reconnect, a lock released),
 * asking again every `everyMs`; fails with the last answer once the deadline passes.
 */
export async function pollUntil<T>(
  what: string,
  attempt: () => Promise<T>,
  done: (value: T) => boolean,
  { deadlineMs = 15_000, everyMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await attempt();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: not reached within ${deadlineMs} ms (last: ${JSON.stringify(value)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Runs `tasks` with at most `limit` under way at once; keeps the order of results. */
export async function inBatches<T>(
  count: number,
  limit: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}
