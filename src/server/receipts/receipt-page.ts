/**
 * A receipt as a page: plain HTML in the builder's colours that prints on one A4 sheet (the
 * buttons are not printed), with a PDF download beside it.
 */
import { isOrderId } from '../../shared/orders.js';
import { ACCOUNT_PATH, accountPathBackTo, receiptPath } from '../../shared/routes.js';
import { escapeHtml, pageHead, smallPage } from '../html.js';
import type { ReceiptDocument } from './receipt-document.js';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#faf7f2;color:#1d1b26;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
.sheet{max-width:760px;margin:32px auto;padding:40px;background:#fff;border:1px solid #e6e0d6;border-radius:14px;box-shadow:0 8px 24px rgb(29 27 38/8%)}
.actions{display:flex;flex-wrap:wrap;gap:.6rem;max-width:760px;margin:24px auto 0;padding:0 16px}
.actions a,.actions button{display:inline-flex;align-items:center;min-height:44px;padding:.5rem 1.2rem;border-radius:999px;border:2px solid #4a3fb0;background:#4a3fb0;color:#fff;font:600 1rem system-ui,sans-serif;text-decoration:none;cursor:pointer}
.actions .ghost{background:transparent;color:#1d1b26;border-color:#1d1b26}
a:focus-visible,button:focus-visible{outline:3px solid #2f6fed;outline-offset:2px}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1rem;border-bottom:2px solid #1d1b26;padding-bottom:1rem}
h1{margin:0;font-size:1.7rem;font-weight:700;letter-spacing:-.01em}
.meta{margin:0;text-align:right;color:#5d5a6b}
.meta strong{color:#1d1b26}
.refunded{margin:1rem 0 0;padding:.6rem .9rem;border-radius:10px;background:#fdecea;color:#8a2a1f;font-weight:600}
.parties{display:grid;grid-template-columns:1fr 1fr;gap:1.5rem;margin:1.5rem 0}
.parties h2,.item h2{margin:0 0 .3rem;font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:#5d5a6b}
.parties p{margin:0}
table{width:100%;border-collapse:collapse;margin-top:.5rem}
th,td{padding:.6rem 0;border-bottom:1px solid #e6e0d6;text-align:left;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.totals td{border-bottom:0;padding:.25rem 0}
.totals tr:last-child td{padding-top:.6rem;border-top:2px solid #1d1b26;font-weight:700;font-size:1.1rem}
.note{margin:2rem 0 0;color:#5d5a6b;font-size:.9rem}
@media (max-width:600px){.sheet{margin:16px 8px;padding:20px}.parties{grid-template-columns:1fr}.meta{text-align:left}}
@media print{body{background:#fff}.actions{display:none}.sheet{margin:0;border:0;box-shadow:none;padding:0}}
`;

const paragraphs = (lines: string[]) =>
  lines.map((line) => escapeHtml(line)).join('<br>') || '&nbsp;';

export function receiptPage(document: ReceiptDocument, orderId: string): string {
  const rows = document.totals
    .map(
      ([label, amount]) =>
        `<tr><td>${escapeHtml(label)}</td><td class="amount">${escapeHtml(amount)}</td></tr>`,
    )
    .join('');
  return `${pageHead(`${document.title} ${document.number}`, STYLE)}
<body>
<nav class="actions" aria-label="Receipt">
<button type="button" data-print>Print</button>
<a class="ghost" href="${escapeHtml(receiptPath(orderId, 'pdf'))}" download>Download PDF</a>
<a class="ghost" href="/account">My portfolios</a>
</nav>
<main class="sheet">
<header>
<h1>${escapeHtml(document.title)}</h1>
<p class="meta">No. <strong>${escapeHtml(document.number)}</strong><br>Date ${escapeHtml(document.date)}</p>
</header>
${document.refunded ? `<p class="refunded">Refunded on ${escapeHtml(document.refunded)}</p>` : ''}
<section class="parties">
<div><h2>From</h2><p>${paragraphs(document.seller)}</p></div>
<div><h2>Billed to</h2><p>${paragraphs(document.buyer)}</p></div>
</section>
<section class="item">
<h2>Item</h2>
<table>
<thead><tr><th scope="col">Description</th><th scope="col">Term</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody><tr><td>${escapeHtml(document.item.description)}</td><td>${escapeHtml(document.item.term)}</td><td class="amount">${escapeHtml(document.item.amount)}</td></tr></tbody>
</table>
<table class="totals"><tbody>${rows}</tbody></table>
</section>
<p class="note">${escapeHtml(document.note)}</p>
</main>
<script src="/receipt-print.js" defer></script>
</body>
</html>`;
}

/**
 * Asked for by someone who is not signed in: nothing of the receipt, and the way to it. Signing
 * in happens on the account page (a pop-up there), which comes back here once it has worked.
 */
export function receiptSignInPage(orderId: string, format: 'html' | 'pdf'): string {
  const signIn = isOrderId(orderId) ? accountPathBackTo(orderId, format) : ACCOUNT_PATH;
  return smallPage({
    title: 'Sign in to see this receipt',
    body: `<h1>Sign in to see this receipt</h1>
<p>Receipts are shown only to the person who paid. Sign in with the account you paid with and this receipt opens again; every receipt is also listed under <strong>Receipts</strong> on My portfolios.</p>
<p class="actions"><a class="button" href="${escapeHtml(signIn)}">Sign in</a></p>`,
  });
}
