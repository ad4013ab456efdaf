/**
 * The one script of the static pages (STATIC_ROUTES in src/shared/prerender.ts): the landing page
 * and the information pages arrive drawn and are not hydrated, so this fills in their live parts
 * in the places the drawn page already holds for them, and nothing moves. No React: a first visit
 * downloads a few hundred bytes of script instead of the app.
 */
import { formatPrice } from '../shared/domain/price.js';
import type { TemplateListResponse } from '../shared/templates-api.js';
import { FILLS } from './static-fills.js';
// The static pages' stylesheet, in the order the app's pages had it: the parts, then the
// globals, then the information pages' rules, some of which replace the globals'.
import './components/footer.css';
import './components/top-bar.css';
import './components/site-header.css';
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

fillYear();
// A failed request leaves the line empty, as a page with no price to show has it.
void fillStartingPrice().catch(() => undefined);
