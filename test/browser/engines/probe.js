// Included first in every demo page's head by the engine tests (startDemoServer's `inject`):
// it records what a shopper's console would show as an error, the same way in every engine,
// since WebKit's WebDriver has no console log to read.
(function () {
  var errors = (window.__sfwErrors = []);
  var text = function (value) {
    return value instanceof Error ? value.message : String(value);
  };
  var error = console.error;
  console.error = function () {
    errors.push(Array.prototype.map.call(arguments, text).join(' '));
    return error.apply(console, arguments);
  };
  addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (target && target !== window) errors.push('failed to load ' + (target.src || target.href || target.tagName));
      else errors.push('uncaught: ' + (event.error ? text(event.error) : event.message));
    },
    true,
  );
  addEventListener('unhandledrejection', function (event) {
    errors.push('unhandled rejection: ' + text(event.reason));
  });
  document.addEventListener('securitypolicyviolation', function (event) {
    errors.push('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI);
  });

  // The fetch and XHR requests open now, and the frames drawn: driver.ts settled() reads them.
  var open = (window.__sfwOpen = { requests: 0, frames: 0 });
  var done = function () {
    open.requests--;
  };
  var fetch = window.fetch;
  window.fetch = function () {
    open.requests++;
    return fetch.apply(this, arguments).finally(done);
  };
  var send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function () {
    open.requests++;
    this.addEventListener('loadend', done);
    return send.apply(this, arguments);
  };
  performance.setResourceTimingBufferSize(100000); // settled() counts the entries: the default 250 would stop growing
})();
