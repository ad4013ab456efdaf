import { chooseCardPath, editTemplatePath } from '../../shared/routes.js';
import type { TemplateId } from '../../shared/templates/catalog.js';

/** The bar's height: the templates' own fixed bars sit this far down (--template-top-offset). */
const BAR_PX = 44;

/**
 * The builder's colours the bar wears, by their names in global.css's :root (a preview has none
 * of the app's stylesheet); preview-bar.test.ts holds each equal to its token there.
 */
export const BUILDER_COLOURS = {
  ink: '#1d1b26',
  accent: '#4a3fb0',
  'accent-strong': '#372e8c',
  gold: '#f4b860',
} as const;
const { ink, accent, 'accent-strong': accentStrong, gold } = BUILDER_COLOURS;

/**
 * The bar over a template's preview, never part of a template or a published page: pinned to the
 * top of the window in the page flow above the template, so it covers none of it. Its colours
 * and sizes are the builder's (global.css); its type is the builder's Source Sans 3, whose faces
 * every template's stylesheet declares. On a phone the way back is its arrow alone beside the
 * action, and the test-mode badge its label alone, the rest read out.
 */
export const PREVIEW_BAR_STYLE = `
:root{--template-top-offset:${BAR_PX}px}
html{scroll-padding-top:${BAR_PX}px}
.tp-bar{position:sticky;top:0;z-index:2147483647;box-sizing:border-box;display:flex;align-items:center;justify-content:space-between;gap:.75rem;height:${BAR_PX}px;padding:0 1rem 0 .25rem;background:${ink};color:#fff;font-family:'Indian Scripts','Source Sans 3',system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.2;-webkit-font-smoothing:antialiased}
.tp-bar *{box-sizing:border-box}
.tp-bar a:focus-visible{outline:2px solid ${gold}}
.tp-bar__back{display:inline-flex;align-items:center;gap:.4rem;min-height:44px;padding:0 .6rem 0 .4rem;border-radius:8px;color:#fff;font-size:.9375rem;font-weight:600;text-decoration:none;white-space:nowrap;transition:background-color .2s ease}
.tp-bar__back:hover{background:rgb(255 255 255/12%)}
.tp-bar__back:focus-visible{outline-offset:-3px}
.tp-bar__icon{flex:none;width:20px;height:20px}
.tp-bar__end{display:flex;align-items:center;gap:.75rem;min-width:0}
.tp-bar__test{display:flex;align-items:center;gap:.5rem;color:rgb(255 255 255/88%);font-size:.875rem;white-space:nowrap}
.tp-bar__test-label{padding:.125rem .625rem;border-radius:999px;background:${gold};color:${ink};font-size:.75rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;line-height:1.6}
.tp-bar__action{display:inline-flex;align-items:center;justify-content:center;min-height:40px;padding:.5em 1.1em;border:2px solid transparent;border-radius:999px;background:${accent};color:#fff;font-size:.9375rem;font-weight:600;line-height:1;letter-spacing:.02em;text-decoration:none;white-space:nowrap;transition:background-color .2s ease,transform .2s ease}
.tp-bar__action:hover{background:${accentStrong}}
.tp-bar__action:active{transform:translateY(1px)}
.tp-bar__action:focus-visible{outline-offset:2px}
@media (max-width:480px){
.tp-bar{padding-right:.5rem}
.tp-bar--with-action .tp-bar__back{min-width:44px;justify-content:center;padding:0}
.tp-bar--with-action .tp-bar__label,.tp-bar__test-words{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.tp-bar__end{gap:.5rem}
.tp-bar__action{padding:.5em .9em}
}
@media (prefers-reduced-motion:reduce){.tp-bar *{transition-duration:.01ms!important}}
`
  .trim()
  .replaceAll('\n', '');

export interface PreviewBarOptions {
  templateId: TemplateId;
  /** The template can be bought: Use this template is offered (an unpriced one cannot be). */
  forSale: boolean;
  /** Payments run on the built-in test gateway: the bar says so, as every builder page does. */
  testMode: boolean;
}

/** The bar's markup: the way back, the test-mode badge, and Use this template (a plain link). */
export function previewBar({ templateId, forSale, testMode }: PreviewBarOptions): string {
  const back = `<a class="tp-bar__back" href="${chooseCardPath(templateId)}"><svg class="tp-bar__icon" viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M15 5l-7 7 7 7"></path></svg><span class="tp-bar__label">Back to templates</span></a>`;
  const test = testMode
    ? `<aside class="tp-bar__test" aria-label="Test mode"><span class="tp-bar__test-label">Test mode</span><span class="tp-bar__test-words">No real payments</span></aside>`
    : '';
  const action = forSale
    ? `<a class="tp-bar__action" href="${editTemplatePath(templateId)}">Use this template</a>`
    : '';
  return `<div class="tp-bar${forSale ? ' tp-bar--with-action' : ''}">${back}<div class="tp-bar__end">${test}${action}</div></div>`;
}
