/**
 * Preloaded into a server process by a benchmark (NODE_OPTIONS=--import=<this file>): samples
 * the process's event-loop delay and its garbage collector's pauses, and on each SIGUSR2 writes
 * what it saw since the previous one to EVENT_LOOP_PROBE_FILE as JSON (milliseconds; the
 * process's memory at that moment in MB), then starts again. The histogram records the whole time between two runs of its timer, so a
 * figure can be up to EVENT_LOOP_PROBE_RESOLUTION_MS (default 5) more than the loop was held.
 */
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.EVENT_LOOP_PROBE_FILE) {
  const file = process.env.EVENT_LOOP_PROBE_FILE;
  const resolution = Number(process.env.EVENT_LOOP_PROBE_RESOLUTION_MS ?? 5);
  const histogram = monitorEventLoopDelay({ resolution });
  histogram.enable();
  // A pause of the collector holds the loop too: its longest tells a stall's share of it.
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMax = Math.max(gcMax, entry.duration);
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  process.on('SIGUSR2', () => {
    writeFileSync(
      file,
      JSON.stringify({
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        gcMax: Math.round(gcMax * 10) / 10,
        // Where the process's memory is, in MB: what V8 holds for its heap and uses of it, and
        // the buffers outside it (the page cache's bodies among them).
        memory: Object.fromEntries(
          Object.entries(process.memoryUsage()).map(([name, bytes]) => [
            name,
            Math.round(bytes / 1024 / 1024),
          ]),
        ),
      }),
    );
    histogram.reset();
    gcMax = 0;
  });
}
