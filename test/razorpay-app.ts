import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../src/server/db/database.js';
import { startTestApp, type TestApp } from './app.js';
import { razorpayEnv, startFakeRazorpay, type FakeRazorpay } from './fake-razorpay.js';

export interface RazorpayApp {
  /** The local peer speaking Razorpay's API. */
  readonly fake: FakeRazorpay;
  /** The app under test, taking payments through `fake`. */
  readonly t: TestApp;
}

/**
 * For the enclosing describe: a fake Razorpay and an app on `dialect` that takes payments through
 * it, started before its tests and closed after them. Read `fake` and `t` inside the tests.
 */
export function useRazorpayApp(dialect: Dialect): RazorpayApp {
  let fake: FakeRazorpay | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await startTestApp(dialect, razorpayEnv(fake.url));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the Razorpay app is used before its beforeAll ran');
    return value;
  };
  return {
    get fake() {
      return started(fake);
    },
    get t() {
      return started(t);
    },
  };
}
