import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app.js';
import { loggerOptions } from './logger.js';

describe('structured logs', () => {
  it('carry the request but never cookies, authorization headers or secrets', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const options = loggerOptions('info');
    const secret = 'top-secret-session-value-0123456789abcdef';
    const captured = await startTestApp(
      'sqlite',
      { SESSION_SECRET: secret },
      {
        logger: { ...(options as object), stream: sink } as never,
        beforeListen: (app) => {
          app.get('/api/test-log', async (request) => {
            request.log.info({ headers: request.headers, config: app.deps.config }, 'debug dump');
            return { ok: true };
          });
        },
      },
    );
    const response = await fetch(`${captured.url}/api/test-log`, {
      headers: { cookie: 'pb_session=abcdef123456', authorization: 'Bearer xyz789' },
    });
    expect(response.status).toBe(200);
    // A preview link's token opens someone's draft: the address is logged without it.
    const token = 'Pv7kQz0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX2';
    await fetch(`${captured.url}/preview/${token}?from=mail`);
    await captured.close();

    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(all).toContain('/api/test-log');
    expect(all).toContain('"reqId"');
    expect(all).not.toContain('abcdef123456');
    expect(all).not.toContain('xyz789');
    expect(all).not.toContain(secret);
    expect(all).not.toContain(token);
    expect(all).toContain('/preview/[token]?from=mail');
    expect(all).toContain('[Redacted]');
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});
