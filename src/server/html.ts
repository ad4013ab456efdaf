/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The start of a page the server writes itself, to the end of its <head>: not for search engines,
 * with our icon. `style` is the page's own CSS.
 */
export function pageHead(title: string, style: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>`;
}

const SMALL_PAGE_STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;background:#faf7f2;color:#1d1b26;font:17px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif}
  main{width:100%;max-width:380px;background:#fff;border:1px solid #e6e0d6;border-radius:14px;padding:28px;box-shadow:0 8px 24px rgb(29 27 38/8%)}
  h1{font-size:1.35rem;margin:0 0 .4rem}
  p{margin:.4rem 0 1rem;color:#5d5a6b}
  .badge{display:inline-block;margin-bottom:.8rem;padding:.15rem .6rem;border-radius:999px;background:#fff2d9;color:#7a4b00;font-size:.8rem;font-weight:600;letter-spacing:.03em;text-transform:uppercase}
  label{display:block;font-weight:600;margin:.9rem 0 .3rem}
  input{width:100%;min-height:44px;padding:.55rem .75rem;border:1px solid #bdb6c9;border-radius:10px;font:inherit}
  input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #2f6fed;outline-offset:2px}
  .actions{display:flex;gap:.6rem;margin-top:1.3rem}
  button{min-height:44px;padding:.55rem 1.2rem;border-radius:999px;border:2px solid #4a3fb0;background:#4a3fb0;color:#fff;font:600 1rem system-ui,sans-serif;cursor:pointer}
  button.secondary{background:transparent;color:#1d1b26;border-color:#1d1b26}
  a.button{display:inline-flex;align-items:center;min-height:44px;padding:.55rem 1.2rem;border-radius:999px;border:2px solid #4a3fb0;background:#4a3fb0;color:#fff;font:600 1rem system-ui,sans-serif;text-decoration:none}
  .error{color:#a83427;font-weight:600}
  a{color:#a83427}
`;

/**
 * A small server-rendered page (sign-in popup, development sign-in) in the builder's colours.
 * `body` must already be escaped HTML; scripts may only be static files (CSP: script-src 'self').
 */
export function smallPage({
  title,
  body,
  bodyAttributes = '',
  scripts = [],
}: {
  title: string;
  body: string;
  bodyAttributes?: string;
  scripts?: string[];
}): string {
  return `${pageHead(title, SMALL_PAGE_STYLE)}
<body${bodyAttributes}>
<main>
${body}
</main>
${scripts.map((src) => `<script src="${escapeHtml(src)}"></script>`).join('\n')}
</body>
</html>`;
}
