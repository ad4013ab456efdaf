// The sign-in popup's last page: tell the page that opened us how it went, then close.
// Only a status travels, and only to our own origin.
(function () {
  var body = document.body;
  var message = { type: 'portfolio-builder:sign-in', status: body.getAttribute('data-status') };
  // Builder tabs listen here too: when the browser or the provider cut this window off from its
  // opener (or a phone opened it as a tab), they learn of the new session this way.
  try {
    var channel = new BroadcastChannel('portfolio-builder:sign-in');
    channel.postMessage(message);
    channel.close();
  } catch {
    // No BroadcastChannel: the builder looks again when it is back in view.
  }
  try {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(message, body.getAttribute('data-origin'));
      window.setTimeout(function () {
        window.close();
      }, 100);
    }
  } catch {
    // The opener is gone or on another origin: the page says what happened and links on.
  }
})();
