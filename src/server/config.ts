import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GSTIN_LENGTH, gstinProblem } from '../shared/domain/receipts.js';
import { trimTrailingSlashes } from '../shared/domain/urls.js';

/**
 * The only place that reads process.env. Everything is validated once at start; bad variables
 * stop the server with one line naming every one of them, so one restart shows all there is to fix.
 */
const booleanFlag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .default('false')
  .transform((value) => value === 'true');

/** A DNS server as node's resolver takes it: an IP address, `ipv4:port` or `[ipv6]:port`. */
function isDnsServer(server: string): boolean {
  if (isIP(server) !== 0) return true;
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(server);
  if (bracketed) return isIP(bracketed[1]!) === 6 && Number(bracketed[2]) <= 65535;
  const [address, port, ...rest] = server.split(':');
  return (
    rest.length === 0 &&
    isIP(address!) === 4 &&
    /^\d{1,5}$/.test(port ?? '') &&
    Number(port) <= 65535
  );
}

/** TRUST_PROXY: false | true | hop count | comma-separated addresses or CIDR ranges. */
function parseTrustProxy(value: string): boolean | number | string[] | undefined {
  const trimmed = value.trim();
  if (trimmed === 'false' || trimmed === '') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const addresses = trimmed.split(',').map((part) => part.trim());
  return addresses.every((part) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part))
    ? addresses
    : undefined;
}

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be 0-65535')
    .max(65535, 'must be 0-65535')
    .default(3000),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    // Pages, assets, cookies and the sign-in's redirect address all live at the root of the host.
    .refine((url) => {
      const parsed = new URL(url);
      return parsed.pathname === '/' && !parsed.search && !parsed.hash;
    }, 'must be the address of the site without a path, e.g. https://portfolio.example.com (the site is served at the root of its host)')
    .transform((url) => trimTrailingSlashes(url))
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z
    .url({
      protocol: /^https?$/,
      error: 'must be the issuer URL, e.g. https://accounts.example.com',
    })
    .optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  ALLOW_DEV_SIGNIN: booleanFlag,
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((url) => trimTrailingSlashes(url))
    .default('https://api.razorpay.com'),
  ALLOW_TEST_PAYMENTS: booleanFlag,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Online Portfolio Builder <no-reply@localhost>'),
  MAIL_TRANSPORT: z.enum(['smtp', 'log'], { error: 'must be smtp or log' }).optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be false, true, the number of proxies in front of the app (e.g. 1), or a comma-separated list of their addresses',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  RATE_LIMITS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  UPLOAD_QUOTA_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1')
    .default(300),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((url) => trimTrailingSlashes(url))
    .optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((url) => trimTrailingSlashes(url))
    .optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  PAGE_CACHE_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1')
    .max(65536, 'must be at most 65536')
    .default(64),
  SQLITE_CACHE_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1')
    .max(65536, 'must be at most 65536')
    .default(32),
  TERM_SCHEDULE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86400, 'must be at most 86400')
    .default(300),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  SELLER_NAME: z
    .string()
    .trim()
    .min(1)
    .max(120, 'must be at most 120 characters')
    .default('Online Portfolio Builder'),
  SELLER_ADDRESS: z.string().trim().max(300, 'must be at most 300 characters').default(''),
  SELLER_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .max(GSTIN_LENGTH, `must be a ${GSTIN_LENGTH}-character GSTIN`)
    .superRefine((value, context) => {
      const problem = gstinProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  GST_RATE_PERCENT: z.coerce
    .number({ error: 'must be a whole number of percent' })
    .int('must be a whole number of percent')
    .min(0, 'must be 0-28')
    .max(28, 'must be 0-28')
    .default(18),
  DNS_SERVERS: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()))
    .refine(
      (servers) => servers.every(isDnsServer),
      'must be a comma-separated list of IP addresses, each with an optional port (127.0.0.1:5353, [::1]:5353)',
    )
    .optional(),
  CUSTOM_DOMAIN_TARGET: z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      'must be a host name, e.g. domains.example.com',
    )
    .optional(),
  CUSTOM_DOMAIN_ADDRESSES: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()))
    .refine(
      (addresses) => addresses.every((address) => isIP(address) !== 0),
      'must be a comma-separated list of IPv4 or IPv6 addresses',
    )
    .optional(),
  TLS_ASK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  DOMAIN_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86400, 'must be at most 86400')
    .default(60),
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, 'must be 0 or more')
    .max(60, 'must be at most 60')
    .default(3),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    .max(600, 'must be at most 600')
    .default(30),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  MIN_FREE_DISK_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(0, 'must be 0 or more')
    .default(64),
});

type EnvVars = z.output<typeof envSchema>;

/** The name of every variable the server reads. */
export type EnvVariable = keyof typeof envSchema.shape;
export const ENV_VARIABLES = Object.keys(envSchema.shape) as EnvVariable[];

/** Where people sign in: a real OpenID provider, or the built-in development one. */
export type SignInConfig =
  | {
      kind: 'oidc';
      issuer: string;
      clientId: string;
      clientSecret: string;
      label: string;
      /** Other `iss` values its ID tokens may carry (Google's `accounts.google.com`). */
      idTokenIssuerAliases?: string[];
    }
  | { kind: 'development' };

/** Who takes the money: Razorpay, or the built-in gateway (`test`) where no money moves. */
export type PaymentsConfig =
  | { kind: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string; apiBase: string }
  | { kind: 'test' };

/** An S3-compatible bucket for uploaded images. */
export interface S3Config {
  /** Unset for AWS itself; the address of any other S3-compatible service. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers fetch the bucket's files (a CDN); unset: the app serves them at /media. */
  publicBaseUrl?: string;
  /** `bucket` in the path rather than the host name (MinIO, most self-hosted services). */
  forcePathStyle: boolean;
}

/** Where uploaded images are stored: files under DATA_DIR, or an S3-compatible bucket. */
export type MediaStorageConfig = { kind: 'disk' } | ({ kind: 's3' } & S3Config);

export interface Config {
  env: EnvVars['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** How long a stopping process serves with /readyz at 503 before it stops accepting. */
  shutdownDrainMs: number;
  /** How long from the signal a stopping process may take before it exits anyway. */
  shutdownGraceMs: number;
  /** The bearer token /metrics asks for; without it /metrics does not exist. */
  metricsToken?: string;
  /** Below this many free bytes in dataDir the process reports itself not ready. */
  minFreeDiskBytes: number;
  /** PostgreSQL when set; otherwise the SQLite file `${dataDir}/portfolio.db`. */
  databaseUrl?: string;
  /** Origin the world reaches us at, without a trailing slash. */
  publicUrl: string;
  /** False when publicUrl was derived from HOST and PORT rather than set. */
  publicUrlConfigured: boolean;
  sessionSecret: string;
  logLevel: EnvVars['LOG_LEVEL'];
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy). A hop count or addresses
   * are safe; `true` believes the left-most address, which a client can forge.
   */
  trustProxy: boolean | number | string[];
  /** Per-IP and per-user request limits (http/rate-limit.ts); off only for load tests. */
  rateLimits: boolean;
  /**
   * Where request-limit counters live so every process shares them: Redis when set, otherwise
   * the database (http/rate-limit-store.ts).
   */
  redisUrl?: string;
  /** The most bytes of rendered pages each process keeps in memory (public-pages/page-cache.ts). */
  pageCacheBytes: number;
  /** SQLite only: the most memory its own page cache uses (db/database.ts). */
  sqliteCacheMb: number;
  /** How often each process sends due term reminders and releases usernames (term/term.worker.ts). */
  termScheduleMs: number;
  signIn: SignInConfig;
  payments: PaymentsConfig;
  /** SMTP server for outgoing mail; without it mail is written to the log (MAIL_TRANSPORT=log). */
  smtpUrl?: string;
  mailFrom: string;
  mediaStorage: MediaStorageConfig;
  /** How many bytes of uploaded files one person may keep (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  /** Who sells, as receipts name them; without a GSTIN receipts carry no tax lines. */
  seller: SellerConfig;
  /** Portfolios on their owners' own domains (domains/): off when neither target is set. */
  customDomains: CustomDomainsConfig;
}

export interface SellerConfig {
  name: string;
  address: string;
  gstin?: string;
  /** Prices include GST at this rate. */
  gstRatePercent: number;
}

/**
 * Where owners point their domains (a CNAME target and/or A/AAAA addresses), which DNS servers
 * verification asks (none: the system resolver), and the secret Caddy's `ask` may present.
 */
export interface CustomDomainsConfig {
  target?: string;
  addresses: string[];
  dnsServers?: string[];
  askSecret?: string;
  checkEveryMs: number;
}

export class ConfigError extends Error {}

/** Whether we are reached over HTTPS (publicUrl): cookies are then Secure, and pages ask for HSTS. */
export const servedOverHttps = (publicUrl: string): boolean => publicUrl.startsWith('https:');

/**
 * Whether NODE_ENV says production, before (and whether or not) the rest of the configuration
 * is valid: development-only commands refuse to run on that alone.
 */
export function isProductionEnvironment(env: Env = process.env): boolean {
  return env.NODE_ENV === 'production';
}

type Env = Record<string, string | undefined>;

/** What is wrong with one variable (or a combination), as a phrase after "Invalid configuration: ". */
interface Problem {
  variable: string;
  text: string;
}

const problem = (variable: string, text = variable): Problem => ({ variable, text });

export function loadConfig(env: Env = process.env): Config {
  // An empty variable means "not set": `PORT= npm start` should use the default, not fail.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const problems = schemaProblems(env, present);
  // The rules between variables are checked too, with each malformed variable left out (as if
  // unset), so one message lists everything to fix.
  const bad = new Set(problems.map((p) => p.variable));
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(present).filter(([name]) => !bad.has(name))),
  );
  if (!parsed.success) throw configError(problems.length ? problems : schemaProblems(env, {}));
  const vars = parsed.data;
  const isProduction = vars.NODE_ENV === 'production';
  const ruleProblems: Problem[] = [];
  if (isProduction && !vars.SESSION_SECRET) {
    ruleProblems.push(
      problem(
        'SESSION_SECRET',
        'SESSION_SECRET is required in production (at least 32 characters)',
      ),
    );
  }
  if (isProduction && !vars.PUBLIC_URL) {
    ruleProblems.push(
      problem('PUBLIC_URL', 'PUBLIC_URL is required in production (e.g. https://example.com)'),
    );
  }
  const smtpUrl = mailConfig(vars, isProduction, ruleProblems);
  const signIn = signInConfig(vars, isProduction, ruleProblems);
  const payments = paymentsConfig(vars, isProduction, ruleProblems);
  const mediaStorage = mediaStorageConfig(vars, ruleProblems);
  // A variable already reported as malformed is not reported again as missing.
  problems.push(...ruleProblems.filter((p) => !bad.has(p.variable)));
  if (problems.length) throw configError(problems);

  const dataDir = path.resolve(vars.DATA_DIR);
  const shownHost = vars.HOST === '0.0.0.0' || vars.HOST === '::' ? 'localhost' : vars.HOST;
  return {
    env: vars.NODE_ENV,
    isProduction,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    minFreeDiskBytes: vars.MIN_FREE_DISK_MB * 1024 * 1024,
    metricsToken: vars.METRICS_TOKEN,
    shutdownDrainMs: vars.SHUTDOWN_DRAIN_SECONDS * 1000,
    shutdownGraceMs: vars.SHUTDOWN_GRACE_SECONDS * 1000,
    databaseUrl: vars.DATABASE_URL,
    publicUrl: vars.PUBLIC_URL ?? `http://${shownHost}:${vars.PORT}`,
    publicUrlConfigured: vars.PUBLIC_URL !== undefined,
    sessionSecret: vars.SESSION_SECRET ?? developmentSecret(dataDir),
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    rateLimits: vars.RATE_LIMITS === 'on',
    redisUrl: vars.REDIS_URL,
    pageCacheBytes: vars.PAGE_CACHE_MB * 1024 * 1024,
    sqliteCacheMb: vars.SQLITE_CACHE_MB,
    termScheduleMs: vars.TERM_SCHEDULE_SECONDS * 1000,
    signIn,
    payments,
    smtpUrl,
    mailFrom: vars.MAIL_FROM,
    mediaStorage,
    uploadQuotaBytes: vars.UPLOAD_QUOTA_MB * 1024 * 1024,
    seller: {
      name: vars.SELLER_NAME,
      address: vars.SELLER_ADDRESS,
      gstin: vars.SELLER_GSTIN,
      gstRatePercent: vars.GST_RATE_PERCENT,
    },
    customDomains: {
      target: vars.CUSTOM_DOMAIN_TARGET,
      addresses: vars.CUSTOM_DOMAIN_ADDRESSES ?? [],
      dnsServers: vars.DNS_SERVERS,
      askSecret: vars.TLS_ASK_SECRET,
      checkEveryMs: vars.DOMAIN_CHECK_SECONDS * 1000,
    },
  };
}

function mediaStorageConfig(vars: EnvVars, problems: Problem[]): MediaStorageConfig {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: keyId, S3_SECRET_ACCESS_KEY: secret } = vars;
  const others = (
    ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_BASE_URL'] as const
  ).find((name) => vars[name] !== undefined);
  if (!bucket) {
    if (others) problems.push(problem('S3_BUCKET', `S3_BUCKET is required with ${others}`));
    return { kind: 'disk' };
  }
  if (keyId && !secret) {
    problems.push(
      problem('S3_SECRET_ACCESS_KEY', 'S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID'),
    );
  }
  if (secret && !keyId) {
    problems.push(
      problem('S3_ACCESS_KEY_ID', 'S3_ACCESS_KEY_ID is required with S3_SECRET_ACCESS_KEY'),
    );
  }
  return {
    kind: 's3',
    endpoint: vars.S3_ENDPOINT,
    bucket,
    region: vars.S3_REGION,
    accessKeyId: keyId,
    secretAccessKey: secret,
    publicBaseUrl: vars.S3_PUBLIC_BASE_URL,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE,
  };
}

/** One problem per malformed variable (its first issue), in the order of the schema. */
function schemaProblems(env: Env, present: Env): Problem[] {
  const parsed = envSchema.safeParse(present);
  if (parsed.success) return [];
  const problems: Problem[] = [];
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? 'environment');
    if (problems.some((p) => p.variable === name)) continue;
    const given = env[name];
    problems.push(
      problem(name, `${name} ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`),
    );
  }
  return problems;
}

function configError(problems: Problem[]): ConfigError {
  return new ConfigError(`Invalid configuration: ${problems.map((p) => p.text).join('; ')}`);
}

function paymentsConfig(vars: EnvVars, isProduction: boolean, problems: Problem[]): PaymentsConfig {
  const {
    RAZORPAY_KEY_ID: keyId,
    RAZORPAY_KEY_SECRET: keySecret,
    RAZORPAY_WEBHOOK_SECRET: webhookSecret,
  } = vars;
  if (keyId || keySecret || webhookSecret) {
    const missing = (
      [
        ['RAZORPAY_KEY_ID', keyId],
        ['RAZORPAY_KEY_SECRET', keySecret],
        ['RAZORPAY_WEBHOOK_SECRET', webhookSecret],
      ] as const
    ).filter(([, value]) => !value);
    for (const [name] of missing) {
      problems.push(problem(name, `${name} is required with the other RAZORPAY_ keys`));
    }
    return {
      kind: 'razorpay',
      keyId: keyId ?? '',
      keySecret: keySecret ?? '',
      webhookSecret: webhookSecret ?? '',
      apiBase: vars.RAZORPAY_API_BASE,
    };
  }
  if (isProduction && !vars.ALLOW_TEST_PAYMENTS) {
    problems.push(
      problem(
        'RAZORPAY_KEY_ID',
        'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are required in production; set ALLOW_TEST_PAYMENTS=true to use the test gateway anyway',
      ),
    );
  }
  return { kind: 'test' };
}

/**
 * Where mail goes: the SMTP server, or the log. Receipts and sign-in links must reach people, so
 * production without SMTP_URL refuses to start unless MAIL_TRANSPORT=log says the log is meant.
 */
function mailConfig(vars: EnvVars, isProduction: boolean, problems: Problem[]): string | undefined {
  if (vars.MAIL_TRANSPORT === 'log') return undefined;
  if (vars.SMTP_URL) return vars.SMTP_URL;
  if (vars.MAIL_TRANSPORT === 'smtp') {
    problems.push(problem('SMTP_URL', 'SMTP_URL is required with MAIL_TRANSPORT=smtp'));
  } else if (isProduction) {
    problems.push(
      problem(
        'SMTP_URL',
        'SMTP_URL is required in production (e.g. smtps://user:password@smtp.example.com); set MAIL_TRANSPORT=log to write mail to the log instead',
      ),
    );
  }
  return undefined;
}

function signInConfig(vars: EnvVars, isProduction: boolean, problems: Problem[]): SignInConfig {
  const pair = (idName: string, id: string | undefined, secretName: string, secret?: string) => {
    if (id && !secret)
      problems.push(problem(secretName, `${secretName} is required with ${idName}`));
    if (secret && !id) problems.push(problem(idName, `${idName} is required with ${secretName}`));
    return id && secret ? { id, secret } : undefined;
  };
  const google = pair(
    'GOOGLE_CLIENT_ID',
    vars.GOOGLE_CLIENT_ID,
    'GOOGLE_CLIENT_SECRET',
    vars.GOOGLE_CLIENT_SECRET,
  );
  const oidc = pair(
    'OIDC_CLIENT_ID',
    vars.OIDC_CLIENT_ID,
    'OIDC_CLIENT_SECRET',
    vars.OIDC_CLIENT_SECRET,
  );
  if (oidc && !vars.OIDC_ISSUER) {
    problems.push(problem('OIDC_ISSUER', 'OIDC_ISSUER is required with OIDC_CLIENT_ID'));
  }
  if (vars.OIDC_ISSUER && !oidc) {
    problems.push(
      problem(
        'OIDC_CLIENT_ID',
        'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER',
      ),
    );
  }
  if (google && oidc) {
    problems.push(
      problem('GOOGLE_CLIENT_ID', 'set either GOOGLE_CLIENT_ID or OIDC_ISSUER, not both'),
    );
  }
  if (google) {
    return {
      kind: 'oidc',
      issuer: 'https://accounts.google.com',
      // Google documents both forms of its issuer in ID tokens.
      idTokenIssuerAliases: ['accounts.google.com'],
      clientId: google.id,
      clientSecret: google.secret,
      label: 'Google',
    };
  }
  if (oidc && vars.OIDC_ISSUER) {
    return {
      kind: 'oidc',
      issuer: trimTrailingSlashes(vars.OIDC_ISSUER),
      clientId: oidc.id,
      clientSecret: oidc.secret,
      label: new URL(vars.OIDC_ISSUER).hostname,
    };
  }
  // With some sign-in variables set, the problem was reported above as the missing half.
  const signInVariables = [
    vars.GOOGLE_CLIENT_ID,
    vars.GOOGLE_CLIENT_SECRET,
    vars.OIDC_ISSUER,
    vars.OIDC_CLIENT_ID,
    vars.OIDC_CLIENT_SECRET,
  ];
  if (isProduction && !vars.ALLOW_DEV_SIGNIN && !signInVariables.some(Boolean)) {
    problems.push(
      problem(
        'GOOGLE_CLIENT_ID',
        'GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET (or OIDC_ISSUER) are required in production; set ALLOW_DEV_SIGNIN=true to use the development sign-in anyway',
      ),
    );
  }
  return { kind: 'development' };
}

/**
 * Outside production a missing SESSION_SECRET is generated once and kept in the data directory,
 * so that a restart does not sign everybody out.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  } catch {
    // First start: fall through and create it.
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
