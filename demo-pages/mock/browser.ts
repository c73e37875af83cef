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
import { ANSWER_STYLES, createBackend, initialState, type AnswerStyle, type FailureMode, type MockState, type StateStore } from './backend';

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
if (params.get('reset')) {
  backend.reset();
  for (const name of ['demo_user', 'demo_currency']) document.cookie = `${name}=; path=/; max-age=0`;
}
const visitor = params.get('visitor');
if (visitor === 'CA' || visitor === 'US') backend.update((s) => (s.visitor = visitor));
for (const rule of (params.get('fail') ?? '').split(',').filter(Boolean)) {
  const [path, mode] = rule.split(':');
  if (path && mode) backend.fail(path, mode as FailureMode);
}
for (const rule of (params.get('delay') ?? '').split(',').filter(Boolean)) {
  const [path, ms] = rule.split(':');
  if (path && ms) backend.delay(path, Number(ms));
}

const style = params.get('answers');
if (ANSWER_STYLES.includes(style as AnswerStyle)) backend.answerAs(style as AnswerStyle);

const worker = setupWorker(...backend.handlers);
(window as unknown as { demoBackend: typeof backend }).demoBackend = backend;
window.StorefrontBeforeMount = worker.start({
  quiet: true,
  serviceWorker: { url: '/mockServiceWorker.js' },
  // Pages, scripts, images and the form POST go to the demo server.
  onUnhandledRequest: 'bypass',
});
