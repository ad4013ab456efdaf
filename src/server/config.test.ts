import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'pb-config-'));

describe('loadConfig', () => {
  it('needs nothing to start: SQLite under ./data, port 3000, a generated secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: 'localhost',
      dataDir: dir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      publicUrlConfigured: false,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    // Kept, so a restart does not sign everybody out.
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(
      config.sessionSecret,
    );
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it("sizes SQLite's page cache at 32 MB unless told", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sqliteCacheMb).toBe(32);
    expect(loadConfig({ DATA_DIR: dataDir(), SQLITE_CACHE_MB: '128' }).sqliteCacheMb).toBe(128);
  });

  it('defaults DATA_DIR to ./data', () => {
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(32) }).dataDir).toBe(path.resolve('data'));
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be 0-65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (leave it unset for SQLite) (got "mysql://x")',
    ],
    [
      { PUBLIC_URL: 'ftp://example.com' },
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "ftp://example.com")',
    ],
    [
      { PUBLIC_URL: 'https://example.com/portfolio' },
      'Invalid configuration: PUBLIC_URL must be the address of the site without a path, e.g. https://portfolio.example.com (the site is served at the root of its host) (got "https://example.com/portfolio")',
    ],
    [
      { PUBLIC_URL: 'https://example.com/?x=1' },
      'PUBLIC_URL must be the address of the site without a path',
    ],
    [
      { NODE_ENV: 'staging' },
      'Invalid configuration: NODE_ENV must be development, production or test (got "staging")',
    ],
    [
      { SESSION_SECRET: 'short' },
      'Invalid configuration: SESSION_SECRET must be at least 32 characters',
    ],
    [{ SQLITE_CACHE_MB: '0' }, 'Invalid configuration: SQLITE_CACHE_MB must be at least 1'],
  ])('stops on %o with one line naming the variable', (env, message) => {
    const run = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
    try {
      run();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('names every bad variable in one line, not only the first', () => {
    const run = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        SMTP_URL: 'mail.example.com',
        RAZORPAY_KEY_ID: 'k',
      });
    expect(run).toThrow(
      'Invalid configuration: PORT must be a port number (got "eighty"); ' +
        'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent (got "loud"); ' +
        'SMTP_URL must be an smtp:// or smtps:// URL (got "mail.example.com"); ' +
        'RAZORPAY_KEY_SECRET is required with the other RAZORPAY_ keys; ' +
        'RAZORPAY_WEBHOOK_SECRET is required with the other RAZORPAY_ keys',
    );
  });

  it('lists every missing production setting at once, and a malformed one only once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'ftp://x.example' })).toThrow(
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "ftp://x.example"); ' +
        'SESSION_SECRET is required in production (at least 32 characters); ' +
        'SMTP_URL is required in production (e.g. smtps://user:password@smtp.example.com); set MAIL_TRANSPORT=log to write mail to the log instead; ' +
        'GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET (or OIDC_ISSUER) are required in production; set ALLOW_DEV_SIGNIN=true to use the development sign-in anyway; ' +
        'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are required in production; set ALLOW_TEST_PAYMENTS=true to use the test gateway anyway',
    );
  });

  it('requires a session secret and the public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example' })).toThrow(
      'SESSION_SECRET is required in production',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) })).toThrow(
      'PUBLIC_URL is required in production',
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://portfolio.example/',
      DATABASE_URL: 'postgres://app@db/portfolio',
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsecret',
      SMTP_URL: 'smtps://app:pass@smtp.example.com',
    });
    expect(config).toMatchObject({
      isProduction: true,
      publicUrl: 'https://portfolio.example',
      databaseUrl: 'postgres://app@db/portfolio',
    });
  });

  it('reads TRUST_PROXY as off, on, a hop count or proxy addresses, and refuses anything else', () => {
    const dir = dataDir();
    const trust = (value: string) => loadConfig({ DATA_DIR: dir, TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.1, 10.1.0.0/16, ::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(() => trust('yes')).toThrow(/TRUST_PROXY must be false, true, the number of proxies/);
  });

  it('offers custom domains only with a target or addresses, and checks the DNS servers given', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).customDomains).toEqual({
      target: undefined,
      addresses: [],
      dnsServers: undefined,
      askSecret: undefined,
      checkEveryMs: 60_000,
    });
    const config = loadConfig({
      DATA_DIR: dir,
      CUSTOM_DOMAIN_TARGET: 'domains.example.com',
      CUSTOM_DOMAIN_ADDRESSES: '203.0.113.7, 2001:db8::7',
      DNS_SERVERS: '127.0.0.1:5353, [::1]:53, 9.9.9.9',
      TLS_ASK_SECRET: 'a'.repeat(16),
      DOMAIN_CHECK_SECONDS: '30',
    });
    expect(config.customDomains).toEqual({
      target: 'domains.example.com',
      addresses: ['203.0.113.7', '2001:db8::7'],
      dnsServers: ['127.0.0.1:5353', '[::1]:53', '9.9.9.9'],
      askSecret: 'a'.repeat(16),
      checkEveryMs: 30_000,
    });
    const bad = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dir, ...env });
    expect(bad({ DNS_SERVERS: 'dns.example.com' })).toThrow(
      /DNS_SERVERS must be a comma-separated/,
    );
    expect(bad({ DNS_SERVERS: '127.0.0.1:99999' })).toThrow(/DNS_SERVERS/);
    expect(bad({ CUSTOM_DOMAIN_ADDRESSES: '203.0.113' })).toThrow(/CUSTOM_DOMAIN_ADDRESSES/);
    expect(bad({ CUSTOM_DOMAIN_TARGET: 'https://x.example' })).toThrow(/CUSTOM_DOMAIN_TARGET/);
    expect(bad({ TLS_ASK_SECRET: 'short' })).toThrow(/TLS_ASK_SECRET must be at least 16/);
  });

  it('treats an empty variable as unset', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
    expect(existsSync(path.join(dir, 'session-secret'))).toBe(true);
  });

  it('signs in with the development provider unless Google or another issuer is configured', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).signIn).toEqual({ kind: 'development' });
    expect(
      loadConfig({ DATA_DIR: dir, GOOGLE_CLIENT_ID: 'gid', GOOGLE_CLIENT_SECRET: 'gsecret' })
        .signIn,
    ).toEqual({
      kind: 'oidc',
      issuer: 'https://accounts.google.com',
      idTokenIssuerAliases: ['accounts.google.com'],
      clientId: 'gid',
      clientSecret: 'gsecret',
      label: 'Google',
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        OIDC_ISSUER: 'https://login.example.com/',
        OIDC_CLIENT_ID: 'cid',
        OIDC_CLIENT_SECRET: 'csecret',
      }).signIn,
    ).toEqual({
      kind: 'oidc',
      issuer: 'https://login.example.com',
      clientId: 'cid',
      clientSecret: 'csecret',
      label: 'login.example.com',
    });
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'gid' }, 'GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID'],
    [
      { OIDC_ISSUER: 'https://login.example.com' },
      'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER',
    ],
    [
      { OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' },
      'OIDC_ISSUER is required with OIDC_CLIENT_ID',
    ],
    [
      { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), PUBLIC_URL: 'https://x.example' },
      'are required in production; set ALLOW_DEV_SIGNIN=true',
    ],
  ])('refuses an incomplete sign-in setup %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('refuses production without an SMTP server unless mail to the log is asked for', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://x.example',
      ALLOW_DEV_SIGNIN: 'true',
      ALLOW_TEST_PAYMENTS: 'true',
    };
    expect(() => loadConfig(production)).toThrow(
      'SMTP_URL is required in production (e.g. smtps://user:password@smtp.example.com); set MAIL_TRANSPORT=log to write mail to the log instead',
    );
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'log' }).smtpUrl).toBeUndefined();
    const smtp = 'smtps://user:pass@smtp.example.com';
    expect(loadConfig({ ...production, SMTP_URL: smtp }).smtpUrl).toBe(smtp);
    // Said explicitly, the log wins over a configured server; smtp without a server is refused.
    expect(loadConfig({ ...production, SMTP_URL: smtp, MAIL_TRANSPORT: 'log' }).smtpUrl).toBe(
      undefined,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_TRANSPORT: 'smtp' })).toThrow(
      'SMTP_URL is required with MAIL_TRANSPORT=smtp',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_TRANSPORT: 'post' })).toThrow(
      'MAIL_TRANSPORT must be smtp or log (got "post")',
    );
  });

  it('allows the development sign-in in production only when asked to', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://x.example',
      ALLOW_DEV_SIGNIN: 'true',
      ALLOW_TEST_PAYMENTS: 'true',
      MAIL_TRANSPORT: 'log',
    });
    expect(config.signIn).toEqual({ kind: 'development' });
    expect(config.payments).toEqual({ kind: 'test' });
  });

  it('takes payments with Razorpay when its keys are set, else the test gateway', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).payments).toEqual({ kind: 'test' });
    expect(
      loadConfig({
        DATA_DIR: dir,
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }).payments,
    ).toEqual({
      kind: 'razorpay',
      keyId: 'k',
      keySecret: 's',
      webhookSecret: 'w',
      apiBase: 'https://api.razorpay.com',
    });
    expect(() => loadConfig({ DATA_DIR: dir, RAZORPAY_KEY_ID: 'k' })).toThrow(
      'RAZORPAY_KEY_SECRET is required with the other RAZORPAY_ keys',
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(40),
        PUBLIC_URL: 'https://x.example',
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_CLIENT_SECRET: 'h',
        MAIL_TRANSPORT: 'log',
      }),
    ).toThrow('set ALLOW_TEST_PAYMENTS=true to use the test gateway anyway');
  });

  it('stores uploads on disk with a 300 MB quota unless S3_BUCKET and UPLOAD_QUOTA_MB say otherwise', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      mediaStorage: { kind: 'disk' },
      uploadQuotaBytes: 300 * 1024 * 1024,
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        UPLOAD_QUOTA_MB: '50',
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_BASE_URL: 'https://media.example.com/',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({
      uploadQuotaBytes: 50 * 1024 * 1024,
      mediaStorage: {
        kind: 's3',
        endpoint: 'http://minio:9000',
        bucket: 'media',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        publicBaseUrl: 'https://media.example.com',
        forcePathStyle: true,
      },
    });
    expect(() => loadConfig({ DATA_DIR: dir, S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      'Invalid configuration: S3_BUCKET is required with S3_ENDPOINT',
    );
    expect(() => loadConfig({ DATA_DIR: dir, S3_BUCKET: 'm', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID',
    );
    expect(() => loadConfig({ DATA_DIR: dir, UPLOAD_QUOTA_MB: 'lots' })).toThrow(
      'Invalid configuration: UPLOAD_QUOTA_MB must be a number of megabytes (got "lots")',
    );
  });

  it('reports S3 problems in one message with every other bad variable', () => {
    const run = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        UPLOAD_QUOTA_MB: 'lots',
        RAZORPAY_KEY_ID: 'k',
        S3_BUCKET: 'm',
        S3_ACCESS_KEY_ID: 'key',
      });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow('UPLOAD_QUOTA_MB must be a number of megabytes (got "lots")');
    expect(run).toThrow('RAZORPAY_KEY_SECRET is required with the other RAZORPAY_ keys');
    expect(run).toThrow('S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID');
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'x', S3_ENDPOINT: 'http://minio:9000' }),
    ).toThrow(
      'Invalid configuration: PORT must be a port number (got "x"); S3_BUCKET is required with S3_ENDPOINT',
    );
  });
});
