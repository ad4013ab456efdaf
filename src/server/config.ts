import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only place that reads process.env. Everything is validated once at start; the first bad
 * variable stops the server with one line naming it.
 */
const booleanFlag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .default('false')
  .transform((value) => value === 'true');

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
    .transform((url) => url.replace(/\/+$/, ''))
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
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://api.razorpay.com'),
  ALLOW_TEST_PAYMENTS: booleanFlag,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Online Portfolio Builder <no-reply@localhost>'),
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
});

/** Where people sign in: a real OpenID provider, or the built-in development one. */
export type SignInConfig =
  | { kind: 'oidc'; issuer: string; clientId: string; clientSecret: string; label: string }
  | { kind: 'development' };

/** Who takes the money: Razorpay, or the built-in test gateway where no money moves. */
export type PaymentsConfig =
  | { kind: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string; apiBase: string }
  | { kind: 'test' };

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise the SQLite file `${dataDir}/portfolio.db`. */
  databaseUrl?: string;
  /** Origin the world reaches us at, without a trailing slash. */
  publicUrl: string;
  /** False when publicUrl was derived from HOST and PORT rather than set. */
  publicUrlConfigured: boolean;
  sessionSecret: string;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy). A hop count or addresses
   * are safe; `true` believes the left-most address, which a client can forge.
   */
  trustProxy: boolean | number | string[];
  /** Per-IP and per-user request limits (http/rate-limit.ts); off only for load tests. */
  rateLimits: boolean;
  signIn: SignInConfig;
  payments: PaymentsConfig;
  /** SMTP server for outgoing mail; without it mail goes to the development outbox (the log). */
  smtpUrl?: string;
  mailFrom: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  // An empty variable means "not set": `PORT= npm start` should use the default, not fail.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const given = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`,
    );
  }
  const vars = parsed.data;
  const isProduction = vars.NODE_ENV === 'production';
  if (isProduction && !vars.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET is required in production (at least 32 characters)',
    );
  }
  if (isProduction && !vars.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL is required in production (e.g. https://example.com)',
    );
  }
  const dataDir = path.resolve(vars.DATA_DIR);
  const signIn = signInConfig(vars, isProduction);
  const payments = paymentsConfig(vars, isProduction);
  const shownHost = vars.HOST === '0.0.0.0' || vars.HOST === '::' ? 'localhost' : vars.HOST;
  return {
    env: vars.NODE_ENV,
    isProduction,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    publicUrl: vars.PUBLIC_URL ?? `http://${shownHost}:${vars.PORT}`,
    publicUrlConfigured: vars.PUBLIC_URL !== undefined,
    sessionSecret: vars.SESSION_SECRET ?? developmentSecret(dataDir),
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    rateLimits: vars.RATE_LIMITS === 'on',
    signIn,
    payments,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
  };
}

function paymentsConfig(vars: z.output<typeof envSchema>, isProduction: boolean): PaymentsConfig {
  const {
    RAZORPAY_KEY_ID: keyId,
    RAZORPAY_KEY_SECRET: keySecret,
    RAZORPAY_WEBHOOK_SECRET: webhookSecret,
  } = vars;
  if (keyId || keySecret || webhookSecret) {
    for (const [name, value] of [
      ['RAZORPAY_KEY_ID', keyId],
      ['RAZORPAY_KEY_SECRET', keySecret],
      ['RAZORPAY_WEBHOOK_SECRET', webhookSecret],
    ] as const) {
      if (!value)
        throw new ConfigError(
          `Invalid configuration: ${name} is required with the other RAZORPAY_ keys`,
        );
    }
    return {
      kind: 'razorpay',
      keyId: keyId!,
      keySecret: keySecret!,
      webhookSecret: webhookSecret!,
      apiBase: vars.RAZORPAY_API_BASE,
    };
  }
  if (isProduction && !vars.ALLOW_TEST_PAYMENTS) {
    throw new ConfigError(
      'Invalid configuration: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are required in production; set ALLOW_TEST_PAYMENTS=true to use the test gateway anyway',
    );
  }
  return { kind: 'test' };
}

function signInConfig(vars: z.output<typeof envSchema>, isProduction: boolean): SignInConfig {
  const pair = (idName: string, id?: string, secretName?: string, secret?: string) => {
    if (id && !secret)
      throw new ConfigError(`Invalid configuration: ${secretName} is required with ${idName}`);
    if (secret && !id)
      throw new ConfigError(`Invalid configuration: ${idName} is required with ${secretName}`);
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
    throw new ConfigError('Invalid configuration: OIDC_ISSUER is required with OIDC_CLIENT_ID');
  }
  if (vars.OIDC_ISSUER && !oidc) {
    throw new ConfigError(
      'Invalid configuration: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER',
    );
  }
  if (google && oidc) {
    throw new ConfigError(
      'Invalid configuration: set either GOOGLE_CLIENT_ID or OIDC_ISSUER, not both',
    );
  }
  if (google) {
    return {
      kind: 'oidc',
      issuer: 'https://accounts.google.com',
      clientId: google.id,
      clientSecret: google.secret,
      label: 'Google',
    };
  }
  if (oidc && vars.OIDC_ISSUER) {
    return {
      kind: 'oidc',
      issuer: vars.OIDC_ISSUER.replace(/\/+$/, ''),
      clientId: oidc.id,
      clientSecret: oidc.secret,
      label: new URL(vars.OIDC_ISSUER).hostname,
    };
  }
  if (isProduction && !vars.ALLOW_DEV_SIGNIN) {
    throw new ConfigError(
      'Invalid configuration: GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET (or OIDC_ISSUER) are required in production; set ALLOW_DEV_SIGNIN=true to use the development sign-in anyway',
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
