import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app.js';
import { loadConfig } from './config.js';
import { testModeNotes } from './site-mode.js';

const razorpay = {
  RAZORPAY_KEY_ID: 'rzp_test_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook',
};
const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };

describe('test mode', () => {
  it('names each part that runs in test mode and why', () => {
    const dataDir = `/tmp/pb-site-mode-${process.pid}`;
    const mail = 'mail: written to the log, not sent (SMTP_URL not set)';
    expect(testModeNotes(loadConfig({ DATA_DIR: dataDir }))).toEqual([
      'payments: built-in test gateway, no real payments (RAZORPAY_KEY_ID not set)',
      'sign-in: development provider, anyone signs in with any email (no GOOGLE_CLIENT_ID or OIDC_ISSUER)',
      mail,
    ]);
    expect(testModeNotes(loadConfig({ DATA_DIR: dataDir, ...google }))).toEqual([
      'payments: built-in test gateway, no real payments (RAZORPAY_KEY_ID not set)',
      mail,
    ]);
    expect(testModeNotes(loadConfig({ DATA_DIR: dataDir, ...google, ...razorpay }))).toEqual([
      mail,
    ]);
    const smtp = { SMTP_URL: 'smtp://mail.example.com:25' };
    expect(
      testModeNotes(loadConfig({ DATA_DIR: dataDir, ...google, ...razorpay, ...smtp })),
    ).toEqual([]);
  });

  it('tells the builder which parts are test stand-ins', async () => {
    const t = await startTestApp('sqlite');
    try {
      const answer = await fetch(`${t.url}/api/site-mode`);
      expect(await answer.json()).toEqual({ payments: 'test', signIn: 'development' });
      // Also in the builder's HTML, so the notice is in the first render and moves nothing.
      const page = await (await fetch(`${t.url}/choose`)).text();
      expect(page).toContain('<meta name="payments-mode" content="test" />');
    } finally {
      await t.close();
    }
    const live = await startTestApp('sqlite', razorpay);
    try {
      const answer = await fetch(`${live.url}/api/site-mode`);
      expect(await answer.json()).toEqual({ payments: 'razorpay', signIn: 'development' });
      const page = await (await fetch(`${live.url}/choose`)).text();
      expect(page).toContain('<meta name="payments-mode" content="razorpay" />');
    } finally {
      await live.close();
    }
  });
});
