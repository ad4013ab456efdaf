// The sign-in popup's last page: tell the page that opened us how it went, then close.
// Only a status travels, and only to our own origin.
(function () {
  var body = document.body;
  var message = { type: 'portfolio-builder:sign-in', status: body.getAttribute('data-status') };
  try {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(message, body.getAttribute('data-origin'));
      window.setTimeout(function () {
        window.close();
      }, 100);
    }
  } catch {
    // The opener is gone or on another origin: the page's own link lets the person go on.
  }
})();
