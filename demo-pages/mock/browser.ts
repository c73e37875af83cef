/**
 * The demo pages' mock backend: MSW in a service worker, state in
 * localStorage (a reload or a second tab sees the same cart).
 *
 * Demo controls, as query parameters on any demo page:
 *   ?visitor=CA            play a Canadian visitor (the CAD offer)
 *   ?fail=/cart/retrieve:500,/recently-viewed:500
 *   ?delay=/auto-search:1500
 *   ?answers=laravel       answer login and cart adds as stock Laravel does (AnswerStyle)
 *   ?reset=1               empty cart, US visitor, logged out
 *
 * It sets `window.StorefrontBeforeMount` so islands mount only once the
 * worker intercepts requests (the documented hook for exactly this).
 */
import { setupWorker } from 'msw/browser';
import { createBackend, initialState, type MockState, type StateStore } from './backend';
import { applyControls } from './controls';

const KEY = 'sfw-demo-backend';

const localStore: StateStore = {
  read() {
    try {
      return { ...initialState(), ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<MockState>) };
    } catch {
      return initialState();
    }
  },
  write(state) {
    localStorage.setItem(KEY, JSON.stringify(state));
  },
};

const backend = createBackend(localStore);
const params = new URLSearchParams(location.search);
if (params.get('reset')) for (const name of ['demo_user', 'demo_currency']) document.cookie = `${name}=; path=/; max-age=0`;
applyControls(backend, params);

allowMockWorkerUnderTrustedTypes();
const worker = setupWorker(...backend.handlers);
(window as unknown as { demoBackend: typeof backend }).demoBackend = backend;
window.StorefrontBeforeMount = worker.start({
  quiet: true,
  serviceWorker: { url: '/mockServiceWorker.js' },
  // Pages, scripts, images and the form POST go to the demo server.
  onUnhandledRequest: 'bypass',
});

/**
 * Under the demo's strict CSP (?csp=strict: require-trusted-types-for) MSW's
 * service worker registration needs a trusted script URL, and MSW passes a
 * string: a `default` policy that converts that one URL and refuses any other.
 * The header names `default` only with the in-page mock.
 */
function allowMockWorkerUnderTrustedTypes() {
  const factory = (window as { trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(url: string): string }): unknown } }).trustedTypes;
  if (!factory || !document.querySelector('script[nonce]')) return;
  factory.createPolicy('default', {
    createScriptURL(url) {
      if (new URL(url, location.href).href === new URL('/mockServiceWorker.js', location.href).href) return url;
      throw new TypeError(`demo mock: script URL not allowed: ${url}`);
    },
  });
}
