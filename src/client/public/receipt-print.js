// The receipt page's Print button (a static file: the page allows no inline script).
document.querySelector('[data-print]')?.addEventListener('click', () => window.print());
