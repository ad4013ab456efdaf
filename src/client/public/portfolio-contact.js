// A published portfolio's contact form. Two kinds, by the owner's setting:
// - data-contact="server": the form posts to our server and works without this script; here it is
//   sent in place. A fresh start token is fetched when the form comes into view (or is
//   focused): the minimum fill time counts from then, and a visit that never reaches the form
//   asks for nothing. A message sent sooner (data-min-fill seconds: autofill and a paste) shows
//   "Sending…" and goes when the time is up, instead of being refused. The
//   answer ("Message sent" or why not) goes to the form's status line, read out by screen readers.
// - data-to: open the visitor's own mail program with a message to the owner. Subject from the
//   subject field; body "Name: {name}", a blank line, "Message: {message}", each part encoded.
// It also closes a template's menu (a <details>) once one of its links is followed, as the
// template's component does where React runs it (the editor's preview).
(function () {
  function field(form, name) {
    var element = form.elements.namedItem(name);
    return element && 'value' in element ? element.value : '';
  }

  // When each form's fresh token was asked for (ms).
  var startedAt = new WeakMap();

  function startOnce(form) {
    if (form.getAttribute('data-started') !== null) return;
    form.setAttribute('data-started', '');
    var asked = Date.now();
    fetch('/api/contact/start', { headers: { Accept: 'application/json' } })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (answer) {
        var token = form.elements.namedItem('started');
        if (answer && typeof answer.token === 'string' && token) {
          token.value = answer.token;
          startedAt.set(form, asked);
        }
      })
      .catch(function () {
        // The page's own token stays: the form still works.
      });
  }

  function show(form, text, failed) {
    var status = form.querySelector('[data-contact-status]');
    if (!status) return;
    status.textContent = text;
    status.setAttribute('data-state', failed ? 'error' : 'sent');
  }

  // How long (ms) before the server takes a message from this form.
  function waitBeforeSending(form) {
    var started = startedAt.get(form);
    var minimum = Number(form.getAttribute('data-min-fill')) * 1000;
    if (started === undefined || !(minimum > 0)) return 0;
    // A quarter second over, for rounding.
    return Math.max(0, started + minimum + 250 - Date.now());
  }

  function sendInPlace(form) {
    var button = form.querySelector('[type="submit"]');
    var invalid = form.querySelectorAll('[aria-invalid="true"]');
    for (var i = 0; i < invalid.length; i += 1) invalid[i].removeAttribute('aria-invalid');
    if (button) button.disabled = true;
    show(form, 'Sending…', false);
    var wait = waitBeforeSending(form);
    if (wait > 0) {
      setTimeout(function () {
        post(form, button);
      }, wait);
      return;
    }
    post(form, button);
  }

  function post(form, button) {
    fetch(form.action, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(new FormData(form)).toString(),
    })
      .then(function (response) {
        return response.json().then(function (answer) {
          if (button) button.disabled = false;
          if (answer.ok) {
            form.reset();
            form.removeAttribute('data-started');
            startedAt.delete(form);
            show(form, answer.message, false);
            return;
          }
          if (typeof answer.token === 'string') {
            var token = form.elements.namedItem('started');
            if (token) token.value = answer.token;
          }
          // Refusals before the form is read (a rate limit, a body too large) carry the API's
          // error shape: { error: { message } }.
          var text = answer.message || (answer.error && answer.error.message);
          show(form, text || 'The message was not sent. Please try again.', true);
          var wrong = answer.field ? form.elements.namedItem(answer.field) : null;
          if (wrong && wrong.type !== 'hidden' && wrong.focus) {
            wrong.setAttribute('aria-invalid', 'true');
            wrong.focus();
          }
        });
      })
      .catch(function () {
        // No answer we can read: send the form the plain way, which shows the server's page.
        if (button) button.disabled = false;
        HTMLFormElement.prototype.submit.call(form);
      });
  }

  // Counting from the first focus held a message pasted within seconds of it as "too fast",
  // though the visitor had been reading the form for longer.
  if (typeof IntersectionObserver === 'function') {
    var watcher = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        watcher.unobserve(entry.target);
        startOnce(entry.target);
      });
    });
    var forms = document.querySelectorAll('form[data-contact="server"]');
    for (var f = 0; f < forms.length; f += 1) watcher.observe(forms[f]);
  }

  document.addEventListener('focusin', function (event) {
    var form = event.target && event.target.form;
    if (form && form.getAttribute('data-contact') === 'server') startOnce(form);
  });

  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element ? event.target.closest('details[open] a') : null;
    if (link) link.closest('details[open]').removeAttribute('open');
  });

  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.getAttribute('data-contact') === 'server') {
      event.preventDefault();
      sendInPlace(form);
      return;
    }
    if (!form.hasAttribute('data-to')) return;
    event.preventDefault();
    var to = encodeURIComponent(form.getAttribute('data-to') || '').replace(/%40/g, '@');
    var body = 'Name: ' + field(form, 'name') + '\n\nMessage: ' + field(form, 'message');
    var link = document.createElement('a');
    link.href =
      'mailto:' +
      to +
      '?subject=' +
      encodeURIComponent(field(form, 'subject')) +
      '&body=' +
      encodeURIComponent(body);
    link.click();
  });
})();
