import { Redis } from 'ioredis';
import type { Db } from '../db/database.js';
import {
  deleteFullRateLimits,
  findRateLimitFullAt,
  takeRateLimitStep,
} from './rate-limits.repository.js';

/**
 * Where request-limit buckets live, so that every app process counts against the same ones:
 * Redis when REDIS_URL is set, otherwise the database (the SQLite file every process on the
 * machine opens, or PostgreSQL). Each take is one atomic step in the store, so two processes
 * counting the same client at the same moment never both get the last token.
 *
 * The algorithm is rate-limit.ts's GCRA: a bucket is the time (ms) at which it is full again;
 * a request moves it on by one interval unless that would put it more than a window ahead.
 */
export interface Bucket {
  /** Milliseconds between two tokens: window / limit. */
  intervalMs: number;
  windowMs: number;
}

export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimitStore {
  take(id: string, bucket: Bucket, now: number): Promise<TakeResult>;
  close(): Promise<void>;
}

const retryAfter = (fullAt: number, bucket: Bucket, now: number) =>
  Math.max(
    1,
    Math.ceil((Math.max(fullAt, now) + bucket.intervalMs - bucket.windowMs - now) / 1000),
  );

/** Forgotten buckets (full again) are deleted at most this often, by the store's users' clock. */
const PURGE_INTERVAL_MS = 60_000;

export class DatabaseRateLimitStore implements RateLimitStore {
  private lastPurge = 0;

  constructor(private readonly db: Db) {}

  async take(id: string, bucket: Bucket, now: number): Promise<TakeResult> {
    this.purgeNowAndThen(now);
    // One statement: insert a new bucket, or move an existing one on if it has room.
    const taken = await takeRateLimitStep(this.db, id, {
      now,
      intervalMs: Math.ceil(bucket.intervalMs),
      windowMs: bucket.windowMs,
    });
    if (taken) return { allowed: true };
    const fullAt = await findRateLimitFullAt(this.db, id);
    return { allowed: false, retryAfterSeconds: retryAfter(fullAt ?? now, bucket, now) };
  }

  private purgeNowAndThen(now: number): void {
    if (now - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = now;
    // A full bucket carries no information: deleting it changes no answer.
    deleteFullRateLimits(this.db, now).catch(() => {});
  }

  async close(): Promise<void> {}
}

/** The same step as one Lua script, so Redis runs it atomically; keys expire once full. */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local full = tonumber(redis.call('GET', KEYS[1]) or now)
if full < now then full = now end
local moved = full + interval
if moved - now > window then return moved - window - now end
redis.call('SET', KEYS[1], moved, 'PX', math.max(1, moved - now))
return 0
`;

type RedisWithTake = Redis & {
  takeToken(key: string, now: number, interval: number, window: number): Promise<number>;
};

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: RedisWithTake;

  constructor(url: string) {
    this.redis = new Redis(url, {
      // A limit check must not wait long on a Redis that is away: it fails within a second (the
      // caller lets the request through and logs it) rather than queueing until Redis is back.
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
    }) as RedisWithTake;
    // Connection errors are reported per command; an unhandled 'error' event would end the process.
    this.redis.on('error', () => {});
    this.redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }

  async take(id: string, bucket: Bucket, now: number): Promise<TakeResult> {
    const waitMs = await this.redis.takeToken(
      `rate-limit:${id}`,
      now,
      Math.ceil(bucket.intervalMs),
      bucket.windowMs,
    );
    if (Number(waitMs) <= 0) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(waitMs) / 1000)) };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
