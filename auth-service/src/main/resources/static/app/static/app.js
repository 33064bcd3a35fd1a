// Copy buttons for secrets shown once: <button data-copy="#element-id">. No inline scripts (the CSP forbids them).
document.addEventListener('click', function (event) {
  var button = event.target.closest('[data-copy]');
  if (!button) { return; }
  var source = document.querySelector(button.getAttribute('data-copy'));
  if (!source) { return; }
  var text = source.textContent.trim();
  var done = function () { button.textContent = 'Copied'; };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done);
  } else {
    var range = document.createRange();
    range.selectNodeContents(source);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    document.execCommand('copy');
    done();
  }
});
