/**
 * The one script of the static pages (STATIC_ROUTES in src/shared/prerender.ts): the landing page
 * and the information pages arrive drawn and are not hydrated, so this fills in their live parts
 * in the places the drawn page already holds for them, and nothing moves. No React: a first visit
 * downloads a few hundred bytes of script instead of the app.
 */
import { SIGN_IN_MESSAGES, type CurrentUser, type MeResponse } from '../shared/auth.js';
import { formatPrice } from '../shared/domain/price.js';
import type { TemplateListResponse } from '../shared/templates-api.js';
import { openSignInPopup } from './auth/signInPopup.js';
import { clearDraft } from './draft/storage.js';
import { FILLS } from './static-fills.js';
// The static pages' stylesheet, in the order the app's pages had it: the parts, then the
// globals, then the information pages' rules, some of which replace the globals'.
import './components/footer.css';
import './components/top-bar.css';
import './components/site-header.css';
import './components/account-bar.css';
import './pages/landing.css';
import './pages/landing-collage.css';
import './styles/global.css';
import './pages/info/info.css';
import './pages/info/info-card.css';
import './pages/info/about.css';
import './pages/info/contact.css';

const slots = (name: string) => document.querySelectorAll(`[data-fills="${name}"]`);

/**
 * The lowest yearly price a buyer pays today, in paise; null when nothing is for sale (the page
 * then says nothing about price rather than something wrong). Prices are the server's.
 */
function startingPrice(list: TemplateListResponse): number | null {
  const prices = list.templates.flatMap((t) =>
    t.finalPricePaise === null ? [] : [t.finalPricePaise],
  );
  return prices.length > 0 ? Math.min(...prices) : null;
}

/** The footer's year: the page was drawn at build time, which may have been last year. */
function fillYear(): void {
  for (const slot of slots(FILLS.year)) slot.textContent = ` ${new Date().getFullYear()}`;
}

/**
 * The landing page's "From ₹499 a year": the words are the drawn page's own (a <template> in the
 * line, which keeps its height while empty); the amount comes from the template list.
 */
async function fillStartingPrice(): Promise<void> {
  const line = slots(FILLS.startingPrice)[0];
  const words = line?.querySelector('template');
  if (!line || !words) return;
  const response = await fetch('/api/templates', { headers: { accept: 'application/json' } });
  if (!response.ok) return;
  const paise = startingPrice((await response.json()) as TemplateListResponse);
  if (paise === null) return;
  const filled = words.content.cloneNode(true) as DocumentFragment;
  const amount = filled.querySelector('strong');
  if (!amount) return;
  amount.textContent = formatPrice(paise);
  line.append(filled);
}

/** Who is signed in, as the server says; null for nobody or when it cannot say. */
async function whoIsHere(): Promise<CurrentUser | null> {
  try {
    const response = await fetch('/api/me', { headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as MeResponse).user : null;
  } catch {
    return null;
  }
}

/**
 * The header's account part, as /choose's AccountBar draws it: Welcome, My portfolios and Sign
 * out for a signed-in person, else Sign In (with why the last attempt failed, if it did). The
 * drawn page holds every part, put away; they are shown or put away, never drawn again.
 */
function fillAccount(slot: Element): void {
  const part = (name: string) => slot.querySelector<HTMLElement>(`[data-part="${name}"]`);
  const [welcome, mine, signOut, signIn] = ['welcome', 'mine', 'out', 'in'].map(part);
  if (!welcome || !mine || !signOut || !(signIn instanceof HTMLButtonElement)) return;
  const failure = document.createElement('p');
  failure.className = 'account-bar__failure';
  failure.setAttribute('role', 'alert');

  const show = (user: CurrentUser | null, why?: string) => {
    welcome.textContent = user ? `Welcome ${user.givenName}!` : '';
    for (const signedIn of [welcome, mine, signOut]) signedIn.hidden = !user;
    signIn.hidden = user !== null;
    signIn.classList.remove('account-bar__waiting');
    signIn.disabled = false;
    signIn.textContent = 'Sign In';
    failure.textContent = why ?? '';
    if (why && !user) slot.append(failure);
    else failure.remove();
  };
  signIn.onclick = async () => {
    signIn.textContent = 'Signing in…';
    const outcome = await openSignInPopup();
    if (outcome === 'superseded') return;
    // A closed popup may still have signed the person in: the server knows.
    const user = await whoIsHere();
    show(user, outcome === 'success' ? SIGN_IN_MESSAGES.cookies : SIGN_IN_MESSAGES[outcome]);
  };
  signOut.onclick = async () => {
    const response = await fetch('/auth/logout', { method: 'POST' }).catch(() => undefined);
    if (!response?.ok) return;
    // As the app's sign-out: the next person at a shared computer finds no draft.
    clearDraft();
    show(null);
  };
  void whoIsHere().then((user) => show(user));
}

fillYear();
const accountSlot = slots(FILLS.account)[0];
if (accountSlot) fillAccount(accountSlot);
// A failed request leaves the line empty, as a page with no price to show has it.
void fillStartingPrice().catch(() => undefined);
