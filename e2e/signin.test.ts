import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '../src/shared/auth.js';
import { baseUrl, useBrowser } from './browser.js';
import { serverDatabase, signInThroughPopup } from './fixtures.js';

const notice = (page: Page) => page.getByRole('alert');
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign In' });

describe('sign-in in a popup', () => {
  const session = useBrowser();

  it('opens a 500x600 popup, signs in with the development provider and greets by first name', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto('/choose');
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      signInButton(page).click(),
    ]);
    // The popup opens blank and goes on to the provider's page once the server has answered.
    await popup.getByLabel('Name').waitFor();
    expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
    await expect(popup.title()).resolves.toBe('Development sign-in');
    await expect(
      popup.getByText('Development sign-in', { exact: true }).first().isVisible(),
    ).resolves.toBe(true);
    await popup.getByLabel('Name').fill('Priya Sharma');
    await popup.getByLabel('Email').fill('priya@example.com');
    await Promise.all([
      popup.waitForEvent('close'),
      popup.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await page.getByText('Welcome Priya!').waitFor();
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me.user).toMatchObject({ name: 'Priya Sharma', email: 'priya@example.com' });
    // The session cookie is not readable by page scripts.
    await expect(page.evaluate(() => document.cookie)).resolves.not.toContain('pb_session');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInButton(page).waitFor();
    const after = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(after.user).toBeNull();
  });

  it('finishes in the popup itself when its opener is cut, and the builder notices at once', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    // What a browser or provider does when it severs the popup from the page that opened it.
    await page.context().addInitScript(() => {
      if (window.opener) window.opener = null;
    });
    await page.goto('/choose');
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      signInButton(page).click(),
    ]);
    await popup.getByLabel('Name').fill('Lena Opener');
    await popup.getByLabel('Email').fill('lena@example.com');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await popup.getByRole('heading', { name: 'Signed in' }).waitFor();
    await expect(popup.locator('main').textContent()).resolves.toContain(
      'You are signed in. You can close this window or tab and go back to the builder',
    );
    await page.getByText('Welcome Lena!').waitFor();
    await expect(notice(page).count()).resolves.toBe(0);
    // The window stays for the person to read; nothing closed it.
    expect(popup.isClosed()).toBe(false);
  });

  it('without a channel between windows, notices the session when the cut-off popup closes', async () => {
    const page = await session.newPage();
    await page.context().addInitScript(() => {
      if (window.opener) window.opener = null;
      delete (window as { BroadcastChannel?: unknown }).BroadcastChannel;
    });
    await page.goto('/choose');
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      signInButton(page).click(),
    ]);
    await popup.getByLabel('Name').fill('Omar Closed');
    await popup.getByLabel('Email').fill('omar@example.com');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await popup.getByRole('heading', { name: 'Signed in' }).waitFor();
    await popup.close();
    await page.getByText('Welcome Omar!').waitFor();
    await expect(notice(page).count()).resolves.toBe(0);
  });

  it('an image pointing at /auth/login neither starts a sign-in nor breaks the one in progress', async () => {
    const page = await session.newPage();
    session.allowConsoleError(/Failed to load resource: the server responded with a status of 400/);
    const db = serverDatabase();
    await page.goto('/choose');
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      signInButton(page).click(),
    ]);
    await popup.getByLabel('Name').waitFor();
    const attempts = async () =>
      (await db.selectFrom('login_attempts').select('state').execute()).length;
    const before = await attempts();
    // What a public page with images at /auth/login makes a visitor's browser do.
    const statuses = await page.evaluate(() =>
      Promise.all(
        [1, 2, 3].map(
          (i) =>
            new Promise<string>((resolve) => {
              const image = new Image();
              image.onload = () => resolve('loaded');
              image.onerror = () => resolve('refused');
              image.src = `/auth/login?i=${i}`;
            }),
        ),
      ),
    );
    expect(statuses).toEqual(['refused', 'refused', 'refused']);
    expect(await attempts()).toBe(before);
    await db.destroy();
    await popup.getByLabel('Name').fill('Still Going');
    await popup.getByLabel('Email').fill('still@example.com');
    await Promise.all([
      popup.waitForEvent('close'),
      popup.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await page.getByText('Welcome Still!').waitFor();
    await expect(notice(page).count()).resolves.toBe(0);
  });

  it('tells the person when the browser blocks the popup', async () => {
    const page = await session.newPage();
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/choose');
    await signInButton(page).click();
    await expect(notice(page).textContent()).resolves.toContain(SIGN_IN_MESSAGES.blocked);
    await expect(signInButton(page).isEnabled()).resolves.toBe(true);
  });

  it('notices within seconds when the person closes the popup', async () => {
    const page = await session.newPage();
    await page.goto('/choose');
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      signInButton(page).click(),
    ]);
    await popup.waitForLoadState();
    const closedAt = Date.now();
    await popup.close();
    await notice(page).waitFor({ timeout: 10_000 });
    // The page looks every 0.5 s; 4 s still tells that from the 8 s the spec allowed, with room
    // for a loaded machine.
    expect(Date.now() - closedAt).toBeLessThan(4000);
    await expect(notice(page).textContent()).resolves.toContain(SIGN_IN_MESSAGES.closed);
    await expect(signInButton(page).textContent()).resolves.toBe('Sign In');
  });

  it('ignores a sign-in message that does not come from the popup', async () => {
    const page = await session.newPage();
    await page.goto('/choose');
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      signInButton(page).click(),
    ]);
    await popup.waitForLoadState();
    // Resolves once the message has been delivered: the page's own listener, added when the
    // sign-in started, has handled it by then. Had it taken the message, the attempt would be
    // over and closing the popup below would not report "closed".
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('message', () => resolve(), { once: true });
          window.postMessage(
            { type: 'portfolio-builder:sign-in', status: 'success' },
            window.location.origin,
          );
        }),
    );
    await expect(page.getByText(/Welcome/).count()).resolves.toBe(0);
    await popup.close();
    await expect(notice(page).textContent()).resolves.toContain(SIGN_IN_MESSAGES.closed);
  });

  it('a second sign-in cancels the first popup', async () => {
    const page = await session.newPage();
    await page.goto('/choose');
    const [first] = await Promise.all([
      page.context().waitForEvent('page'),
      signInButton(page).click(),
    ]);
    await first.waitForLoadState();
    const closedFirst = first.waitForEvent('close');
    await signInThroughPopup(
      page,
      () => page.getByRole('button', { name: /Signing in|Sign In/ }).click(),
      {
        name: 'Second Try',
        email: 'second@example.com',
      },
    );
    await closedFirst;
    await page.getByText('Welcome Second!').waitFor();
    await expect(notice(page).count()).resolves.toBe(0);
  });

  it('reports a cancelled sign-in at the provider (access_denied)', async () => {
    const page = await session.newPage();
    await page.goto('/choose');
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      signInButton(page).click(),
    ]);
    await Promise.all([
      popup.waitForEvent('close'),
      popup.getByRole('button', { name: 'Cancel' }).click(),
    ]);
    await expect(notice(page).textContent()).resolves.toContain(SIGN_IN_MESSAGES.access_denied);
    await expect(signInButton(page).isEnabled()).resolves.toBe(true);
  });

  it('opens the popup on a short notice of its own and goes to sign-in once the server answers', async () => {
    const page = await session.newPage();
    await page.goto('/choose');
    await signInButton(page).waitFor();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.context().route('**/healthz', async (route) => {
      await answered;
      await route.continue();
    });
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      signInButton(page).click(),
    ]);
    await expect.poll(() => popup.locator('body').textContent()).toBe('Opening sign-in…');
    expect(popup.url()).toBe('about:blank');
    answer();
    await popup.getByLabel('Name').waitFor();
    expect(new URL(popup.url()).origin).toBe(new URL(page.url()).origin);
  });

  it('reports a network failure', async () => {
    const page = await session.newPage();
    session.allowConsoleError(/Failed to load resource|ERR_FAILED|ERR_INTERNET_DISCONNECTED/);
    await page.goto('/choose');
    await signInButton(page).waitFor();
    await page.context().route('**/healthz', (route) => route.abort('internetdisconnected'));
    await signInButton(page).click();
    await expect(notice(page).textContent()).resolves.toContain(SIGN_IN_MESSAGES.network);
    // The popup never left its blank page on this origin, so the builder's close() holds.
    await expect.poll(() => page.context().pages().length).toBe(1);
  });

  it.each([
    ['provider_error', SIGN_IN_MESSAGES.provider_error],
    ['internal', SIGN_IN_MESSAGES.internal],
    ['rate_limited', SIGN_IN_MESSAGES.rate_limited],
    ['email_unverified', SIGN_IN_MESSAGES.email_unverified],
  ])('reports a %s reported by the popup', async (status, text) => {
    const page = await session.newPage();
    await page.goto('/choose');
    await page.context().route('**/auth/login', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>x</title><body data-status="${status}" data-origin="${baseUrl()}"><script src="/signin-result.js"></script></body>`,
      }),
    );
    await signInButton(page).click();
    await expect(notice(page).textContent()).resolves.toContain(text);
  });

  it('explains when cookies are disabled', async () => {
    const page = await session.newPage();
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false }),
    );
    await page.goto('/choose');
    await signInButton(page).click();
    await expect(notice(page).textContent()).resolves.toContain(SIGN_IN_MESSAGES.cookies);
  });

  it('explains when site storage is blocked', async () => {
    const page = await session.newPage();
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
    });
    await page.goto('/choose');
    await signInButton(page).click();
    await expect(notice(page).textContent()).resolves.toContain(SIGN_IN_MESSAGES.storage);
  });

  it('explains when this browser view cannot open windows', async () => {
    const page = await session.newPage();
    await page.addInitScript(() => {
      (window as unknown as { open: undefined }).open = undefined;
    });
    await page.goto('/choose');
    await signInButton(page).click();
    await expect(notice(page).textContent()).resolves.toContain(SIGN_IN_MESSAGES.unsupported);
  });
});
