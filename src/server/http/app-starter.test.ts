import { describe, expect, it } from 'vitest';
import { startedAfterFirstScreen } from './app-starter.js';

const drawn =
  '<head><title>Pick</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-2.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-3.css">' +
  '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Choose-4.js">' +
  '</head><body><div id="root"><p>Drawn</p></div></body>';

describe('a drawn page started after its first screen', () => {
  it("gives the app's entry and module preloads to the starter, and keeps the rest", () => {
    const page = startedAfterFirstScreen(drawn, '/assets/start-5.js');
    expect(page).toBe(
      '<head><title>Pick</title>' +
        '<script type="module" fetchpriority="low" crossorigin src="/assets/start-5.js"' +
        ' data-entry="/assets/index-1.js" data-modules="/assets/react-2.js /assets/Choose-4.js">' +
        '</script>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-3.css">' +
        '</head><body><div id="root"><p>Drawn</p></div></body>',
    );
  });

  it('refuses a page with no script to start', () => {
    expect(() => startedAfterFirstScreen('<head></head>', '/assets/start-5.js')).toThrow(
      /no module script/,
    );
  });
});
