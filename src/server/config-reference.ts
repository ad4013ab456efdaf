/**
 * What each environment variable does, keyed by the configuration schema's own names (config.ts),
 * so that a variable the server reads cannot be left out: TypeScript refuses a missing key.
 * docs/configuration.md is generated from this (npm run docs:config), and a test keeps it so.
 */
import type { EnvVariable } from './config.js';

export interface VariableReference {
  /** What applies when it is unset, as the reader should see it. */
  default: string;
  /** What it does, in Markdown. */
  about: string;
}

export const CONFIGURATION: Record<EnvVariable, VariableReference> = {
  NODE_ENV: {
    default: '`development`',
    about:
      '`development`, `production` or `test`. Production refuses to start without `SESSION_SECRET` and `PUBLIC_URL`.',
  },
  PORT: {
    default: '`3000`',
    about: 'TCP port to listen on (`0` picks a free one).',
  },
  HOST: {
    default: '`localhost`',
    about: 'Interface to listen on. Use `0.0.0.0` in a container or behind a load balancer.',
  },
  DATA_DIR: {
    default: '`./data`',
    about:
      'Where the SQLite file (`portfolio.db`) and, outside production, the generated session secret live.',
  },
  DATABASE_URL: {
    default: 'unset (SQLite)',
    about:
      'A `postgres://user:password@host:5432/db` URL: use PostgreSQL instead of SQLite. Several app processes may share it.',
  },
  PUBLIC_URL: {
    default: '`http://localhost:$PORT`',
    about:
      'The address the world reaches the site at; used for portfolio links, canonical URLs and emails. Required in production. `https://` also turns on HSTS. Without a path: the site is served at the root of its host.',
  },
  SESSION_SECRET: {
    default: 'generated into `DATA_DIR`',
    about:
      'At least 32 random characters. Required in production; outside it one is generated once and kept in `DATA_DIR/session-secret` so restarts keep people signed in.',
  },
  LOG_LEVEL: {
    default: '`info`',
    about:
      '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Logs are JSON lines (pino); cookies, authorization headers and secrets are redacted.',
  },
  GOOGLE_CLIENT_ID: {
    default: 'unset',
    about:
      'Sign in with Google: the OAuth client id. Register `PUBLIC_URL` + `/auth/callback` as its redirect URI. Production needs this pair or `OIDC_ISSUER`, unless `ALLOW_DEV_SIGNIN=true`.',
  },
  GOOGLE_CLIENT_SECRET: {
    default: 'unset',
    about: 'The secret of that Google OAuth client; required with `GOOGLE_CLIENT_ID`.',
  },
  OIDC_ISSUER: {
    default: 'unset',
    about:
      'Sign in with another OpenID Connect provider: its issuer URL (its discovery document is read from it). Used instead of Google when set.',
  },
  OIDC_CLIENT_ID: {
    default: 'unset',
    about: 'The client id registered at `OIDC_ISSUER`; required with it.',
  },
  OIDC_CLIENT_SECRET: {
    default: 'unset',
    about: 'The client secret registered at `OIDC_ISSUER`; required with it.',
  },
  ALLOW_DEV_SIGNIN: {
    default: '`false`',
    about:
      '`true` lets production run the built-in development sign-in (anyone signs in with any email, no password), for a staging copy only. Outside production it runs whenever no provider is set.',
  },
  RAZORPAY_KEY_ID: {
    default: 'unset (test gateway)',
    about:
      "Razorpay's key id. With `RAZORPAY_KEY_SECRET` and `RAZORPAY_WEBHOOK_SECRET` (all three or none), payments go through Razorpay; without them, through the built-in test gateway where no money moves.",
  },
  RAZORPAY_KEY_SECRET: {
    default: 'unset',
    about: "Razorpay's key secret: API calls and the checkout's payment signatures.",
  },
  RAZORPAY_WEBHOOK_SECRET: {
    default: 'unset',
    about:
      "The secret of the webhook set up in Razorpay's dashboard (a different one from the key secret).",
  },
  RAZORPAY_API_BASE: {
    default: '`https://api.razorpay.com`',
    about:
      "Where Razorpay's API is; the tests point it at a local peer that speaks the same protocol.",
  },
  ALLOW_TEST_PAYMENTS: {
    default: '`false`',
    about:
      '`true` lets production run with the built-in test gateway (no money moves), for a staging copy only.',
  },
  SMTP_URL: {
    default: 'unset',
    about:
      'The mail server: `smtp://` or `smtps://user:password@host:port`. Required in production, unless `MAIL_TRANSPORT=log`; without it mail is written to the log.',
  },
  MAIL_FROM: {
    default: '`Online Portfolio Builder <no-reply@localhost>`',
    about: 'The From of every mail (receipts, sign-in notices, reminders, messages).',
  },
  MAIL_TRANSPORT: {
    default: '`smtp` with `SMTP_URL`, else `log`',
    about:
      '`smtp` or `log`. `log` writes mail to the log instead of sending it, and is how production is told that this is meant.',
  },
  TRUST_PROXY: {
    default: '`false`',
    about:
      "Behind a load balancer or reverse proxy: the number of proxies in front of the app (`1` for one balancer), or their addresses (`10.0.0.0/8,10.1.2.3`), so the client's address and scheme are read from `X-Forwarded-For` / `X-Forwarded-Proto`. `true` trusts every hop, which lets a client forge its address past the rate limits.",
  },
  RATE_LIMITS: {
    default: '`on`',
    about:
      '`on` or `off`. Per-address and per-user request limits (see [Rate limits](operations.md#rate-limits)); `off` only for load tests and benchmarks.',
  },
  UPLOAD_QUOTA_MB: {
    default: '`300`',
    about:
      'How many megabytes of uploaded images one person may keep (counted as the stored files: every variant and the Open Graph crop).',
  },
  S3_ENDPOINT: {
    default: 'unset (AWS)',
    about:
      'The address of an S3-compatible service other than AWS, e.g. `https://<account>.r2.cloudflarestorage.com` or `http://minio:9000`.',
  },
  S3_BUCKET: {
    default: 'unset (disk)',
    about:
      'Store uploaded images in this S3-compatible bucket instead of `DATA_DIR/media`. Required when several app processes run. See [Uploaded images](images.md#uploaded-images).',
  },
  S3_REGION: {
    default: '`us-east-1`',
    about: "The bucket's region (`auto` for Cloudflare R2).",
  },
  S3_ACCESS_KEY_ID: {
    default: 'unset',
    about: "The key pair; unset, the AWS SDK's own chain is used (environment, instance role).",
  },
  S3_SECRET_ACCESS_KEY: {
    default: 'unset',
    about: "The key pair; unset, the AWS SDK's own chain is used (environment, instance role).",
  },
  S3_PUBLIC_BASE_URL: {
    default: 'unset',
    about:
      "Where browsers fetch the bucket's files, e.g. a CDN: `https://media.example.com`. Unset, the app serves them itself at `/media/...`.",
  },
  S3_FORCE_PATH_STYLE: {
    default: '`false`',
    about:
      '`true` puts the bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted services need.',
  },
  PAGE_CACHE_MB: {
    default: '`64`',
    about:
      'Megabytes of rendered public pages each process keeps in memory (see [Sizing the page cache](operations.md#sizing-the-page-cache)).',
  },
  SQLITE_CACHE_MB: {
    default: '`32`',
    about:
      "Megabytes of SQLite's own page cache in each process (SQLite only; see [Sizing the page cache](operations.md#sizing-the-page-cache)).",
  },
  TERM_SCHEDULE_SECONDS: {
    default: '`300`',
    about:
      "How often each process sends the term's due reminder emails and releases expired usernames (see [The yearly term](using-it.md#the-yearly-term)); the first run is at most 30 seconds after start.",
  },
  REDIS_URL: {
    default: 'unset (the database)',
    about:
      'A `redis://` or `rediss://` URL: keep the rate-limit counters in Redis instead of the database. Every process must use the same one.',
  },
  SELLER_NAME: {
    default: '`Online Portfolio Builder`',
    about: 'Who sells, as receipts name them.',
  },
  SELLER_ADDRESS: {
    default: 'empty',
    about: "The seller's address on receipts (commas or new lines become lines).",
  },
  SELLER_GSTIN: {
    default: 'unset',
    about:
      "The seller's GSTIN (checked: form, state code, check character). Set, receipts are tax invoices with the GST inside each price; unset, they carry no tax lines. See [Receipts and refunds](payments.md#receipts-and-refunds).",
  },
  GST_RATE_PERCENT: {
    default: '`18`',
    about: 'The GST rate prices include, 0-28.',
  },
  DNS_SERVERS: {
    default: 'unset (system resolver)',
    about:
      "Comma-separated DNS servers (`ip` or `ip:port`) that domain verification asks instead of the system's resolver; the tests point it at their own server on loopback.",
  },
  CUSTOM_DOMAIN_TARGET: {
    default: 'unset',
    about:
      'The host name owners point a CNAME at for their own domains, e.g. `domains.example.com` (itself pointing at Caddy). With this or `CUSTOM_DOMAIN_ADDRESSES` set, owners can add domains (see [Custom domains](custom-domains.md)).',
  },
  CUSTOM_DOMAIN_ADDRESSES: {
    default: 'unset',
    about:
      "Comma-separated IPv4/IPv6 addresses of Caddy that owners' A/AAAA records may point at (needed for apex domains, which cannot have a CNAME). Every address a domain resolves to must be one of these.",
  },
  TLS_ASK_SECRET: {
    default: 'unset',
    about:
      "At least 16 characters. Caddy's `ask` request may carry it as `?secret=`; without it the ask endpoint answers only requests from loopback that came through no proxy.",
  },
  SHUTDOWN_DRAIN_SECONDS: {
    default: '`3`',
    about:
      'On `SIGTERM` the process first goes on serving this long with `/readyz` answering 503 (`shutting_down`), so that the load balancer (Caddy checks every second) stops sending it requests before it stops accepting them. `0` for a process with no balancer in front.',
  },
  SHUTDOWN_GRACE_SECONDS: {
    default: '`30`',
    about:
      'How long a stopping process may take from the signal (draining, then requests in flight, uploads included, to their own limits) before it exits 1 anyway. Give the container or service manager a stop timeout a little longer.',
  },
  METRICS_TOKEN: {
    default: 'unset (no `/metrics`)',
    about:
      'At least 16 characters. Set, `GET /metrics` answers the Prometheus metrics to requests carrying `Authorization: Bearer <token>` (401 without it); unset, `/metrics` does not exist. See [Metrics](operations.md#metrics).',
  },
  MIN_FREE_DISK_MB: {
    default: '`64`',
    about:
      'Below this many megabytes free on the disk of `DATA_DIR`, `/readyz` answers 503 (`storage_full`), so a load balancer sends traffic to another process; `0` turns the check off. A write that finds the disk full answers 507 either way.',
  },
  DOMAIN_CHECK_SECONDS: {
    default: '`60`',
    about:
      'How often each process looks for custom domains due a DNS re-check (waiting ones every 2 minutes, served ones daily), up to 20 per pass.',
  },
};

/** docs/configuration.md: one table, in the schema's order. */
export function configurationMarkdown(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = Object.entries(CONFIGURATION).map(
    ([name, variable]) => `| \`${name}\` | ${cell(variable.default)} | ${cell(variable.about)} |`,
  );
  return [
    '# Configuration',
    '',
    '<!-- Generated from src/server/config-reference.ts by `npm run docs:config`; edit that file. -->',
    '',
    'Everything is read from environment variables once, at start (src/server/config.ts is the only',
    'place that reads them). Missing or malformed values stop the server with one line naming every',
    'variable to fix, e.g. `Invalid configuration: PORT must be a port number (got "eighty")`. An',
    'empty variable counts as unset.',
    '',
    '| Variable | Default | What it does |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
