import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /**
   * How long the process goes on serving after the signal with /readyz answering 503, so that a
   * load balancer stops sending it requests before it stops accepting them.
   */
  drainMs?: number;
  /** How long from the signal to wait for draining and in-flight requests before giving up. */
  graceMs?: number;
  exit?: (code: number) => void;
}

/**
 * Drains (not ready, still serving), then stops accepting connections, lets in-flight requests
 * finish, closes the database (the app's onClose hook), then exits. A second signal while
 * closing is ignored; a stuck close exits 1.
 */
export function createShutdown(app: FastifyInstance, options: ShutdownOptions = {}) {
  const { drainMs = 0, graceMs = 10_000, exit = (code: number) => process.exit(code) } = options;
  let closing: Promise<void> | undefined;
  return (signal: string): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const timer = setTimeout(() => {
        app.log.error('shutdown took too long; exiting');
        exit(1);
        resolve();
      }, graceMs);
      timer.unref();
      app.startDraining();
      const drained =
        drainMs > 0 ? new Promise((done) => setTimeout(done, drainMs)) : Promise.resolve();
      drained
        .then(() => app.close())
        .then(
          () => {
            clearTimeout(timer);
            exit(0);
            resolve();
          },
          (error: unknown) => {
            clearTimeout(timer);
            app.log.error({ err: error }, 'error while shutting down');
            exit(1);
            resolve();
          },
        );
    });
    return closing;
  };
}
