/**
 * A browser's part of the sign-in flow, over plain HTTP: follows redirects by hand, keeps
 * cookies, fills in the development provider's form. Lets server tests sign in for real.
 */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }
}

export async function request(
  jar: CookieJar,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.store(response);
  return response;
}

/** Follows redirects until a page answers; returns it and the URL it came from. */
export async function follow(
  jar: CookieJar,
  url: string,
  init: RequestInit = {},
): Promise<{ response: Response; url: string }> {
  let current = url;
  let response = await request(jar, current, init);
  for (let hops = 0; response.status >= 300 && response.status < 400; hops += 1) {
    if (hops > 10) throw new Error('too many redirects');
    current = new URL(response.headers.get('location')!, current).toString();
    response = await request(jar, current);
  }
  return { response, url: current };
}

export interface SignInSteps {
  /** The callback URL the provider sent the browser to (with code and state). */
  callbackUrl: string;
}

/**
 * Runs the flow up to the provider's redirect to our callback, without visiting it, so a test
 * can tamper with it. `action` 'login' signs in; 'abort' cancels at the provider.
 */
export async function signInUntilCallback(
  jar: CookieJar,
  baseUrl: string,
  person: { name: string; email: string },
  action: 'login' | 'abort' = 'login',
): Promise<SignInSteps> {
  const { response: form, url: formUrl } = await follow(jar, `${baseUrl}/auth/login`);
  if (form.status !== 200) throw new Error(`no sign-in form: ${form.status} ${await form.text()}`);
  const html = await form.text();
  const actionPath = /action="([^"]+\/login)"/.exec(html)?.[1];
  if (!actionPath) throw new Error(`no form action in ${html}`);
  const target = new URL(
    action === 'login' ? actionPath : actionPath.replace(/login$/, 'abort'),
    formUrl,
  );
  let response = await request(jar, target.toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.origin },
    body: new URLSearchParams(person).toString(),
  });
  let current = target.toString();
  while (response.status >= 300 && response.status < 400) {
    const next = new URL(response.headers.get('location')!, current).toString();
    if (new URL(next).pathname === '/auth/callback') return { callbackUrl: next };
    current = next;
    response = await request(jar, current);
  }
  throw new Error(
    `the provider did not redirect to the callback: ${response.status} ${await response.text()}`,
  );
}

export async function signIn(
  baseUrl: string,
  person = { name: 'Asha Rao', email: 'asha@example.com' },
): Promise<CookieJar> {
  const jar = new CookieJar();
  const { callbackUrl } = await signInUntilCallback(jar, baseUrl, person);
  const done = await request(jar, callbackUrl);
  const status = /data-status="([a-z_]+)"/.exec(await done.text())?.[1];
  if (status !== 'success') throw new Error(`sign-in ended with ${status}`);
  return jar;
}

/** The status the popup page reports to its opener. */
export async function popupStatus(response: Response): Promise<string | undefined> {
  return /data-status="([a-z_]+)"/.exec(await response.text())?.[1];
}
