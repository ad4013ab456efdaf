// A published portfolio's contact form: instead of posting anywhere, open the visitor's own
// mail program with a message to the owner. Subject from the subject field; body "Name: {name}",
// a blank line, "Message: {message}", each part encoded. No network call.
(function () {
  function field(form, name) {
    var element = form.elements.namedItem(name);
    return element && 'value' in element ? element.value : '';
  }
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-to')) return;
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
