/**
 * Unit test setup: the mock backend (msw/node, same handlers as the demo)
 * answers every call, an unhandled request fails the test; after each test
 * the DOM, the stores, the backend and the page config are reset.
 */
import { cleanup, configure } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { backend, server } from '../../demo-pages/mock/node';
import { cleanStores, type WritableAtom } from 'nanostores';
import { resetPageConfig } from '../../shared/config';
import { $announcements } from '../../shared/stores/announcer';
import { $cart } from '../../shared/stores/cart';
import { $openModals } from '../../shared/stores/modals';
import { $openPanel } from '../../shared/stores/panels';
import { $region } from '../../shared/stores/region';
import { $sessionExpired } from '../../shared/stores/session';
import { $recentSearches, $trending } from '../../widgets/search-bar/store';

// findBy*/waitFor give up after 1 s by default: on a shared 2-core machine a
// busy moment outlasts that. Waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Load the lazy api transport (axios) now: on a busy machine its first
  // import takes about a second, which a test's first call must not wait on.
  await import('../../shared/api/transport');
});
afterEach(async () => {
  cleanup();
  // Calls a test left in flight (aborted by the unmount) reach the mock now,
  // before its call log is cleared, not in the next test.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Tests in the node environment (the render service) have no DOM to reset.
  const dom = typeof document !== 'undefined';
  if (dom) {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.cookie.split(';').forEach((c) => {
      const name = c.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; max-age=0; path=/`;
    });
  }
  server.resetHandlers();
  backend.reset();
  resetPageConfig();
  // Stops what the stores started on mount (cart syncing, the modal events), then back to a fresh page.
  const stores = [$announcements, $cart, $openModals, $openPanel, $region, $sessionExpired, $trending, $recentSearches];
  cleanStores(...stores);
  stores.forEach(($store: WritableAtom<unknown>) => $store.set($store.init));
  if (dom) {
    localStorage.clear();
    sessionStorage.clear();
  }
});
afterAll(() => server.close());
