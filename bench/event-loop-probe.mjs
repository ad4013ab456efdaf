/**
 * Preloaded into a server process by a benchmark (NODE_OPTIONS=--import=<this file>): samples
 * the process's event-loop delay, and on each SIGUSR2 writes what it saw since the previous one
 * to EVENT_LOOP_PROBE_FILE as JSON (milliseconds), then starts again.
 */
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.EVENT_LOOP_PROBE_FILE) {
  const file = process.env.EVENT_LOOP_PROBE_FILE;
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  process.on('SIGUSR2', () => {
    writeFileSync(
      file,
      JSON.stringify({
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
      }),
    );
    histogram.reset();
  });
}
