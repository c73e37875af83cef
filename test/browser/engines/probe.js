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
})();
