import { request as httpRequest } from 'node:http';

export interface HostAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request to the app with a Host of the test's choosing (fetch does not let a test set Host):
 * how a visitor of an owner's domain reaches the app behind a proxy that keeps the Host.
 */
export function requestWithHost(
  baseUrl: string,
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HostAnswer> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: options.method ?? 'GET',
        headers: { host, ...options.headers },
        timeout: 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${path} on ${host}: no answer`)));
    request.on('error', reject);
    request.end(options.body);
  });
}
