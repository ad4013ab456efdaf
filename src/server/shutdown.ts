import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long to wait for in-flight requests before giving up. */
  graceMs?: number;
  exit?: (code: number) => void;
}

/**
 * Stops accepting connections, lets in-flight requests finish, closes the database (the app's
 * onClose hook), then exits. A second signal while closing is ignored; a stuck close exits 1.
 */
export function createShutdown(app: FastifyInstance, options: ShutdownOptions = {}) {
  const { graceMs = 10_000, exit = (code: number) => process.exit(code) } = options;
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
      app.close().then(
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
