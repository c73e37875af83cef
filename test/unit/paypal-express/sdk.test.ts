/** The one memoized SDK load: shared, timed out, forgotten on failure. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPaypal, resetPaypalSdk, SDK_TIMEOUT_MS } from '../../../widgets/paypal-express/sdk';

const { loadScript } = vi.hoisted(() => ({ loadScript: vi.fn() }));
vi.mock('../../../widgets/paypal-express/load-script', () => ({ loadScript }));

const paypal = { version: 'test', Buttons: () => ({}) };

beforeEach(() => {
  loadScript.mockReset();
  document.head.innerHTML = `<script type="application/json" id="storefront-config">{"paypal":{"clientId":"cid"}}</script>`;
});
afterEach(() => {
  vi.useRealTimers();
  resetPaypalSdk();
});

describe('paypal-express: loadPaypal', () => {
  it('shares one load between concurrent callers and later ones', async () => {
    loadScript.mockResolvedValue(paypal);
    const [a, b] = await Promise.all([loadPaypal(), loadPaypal()]);
    expect(a).toBe(paypal);
    expect(b).toBe(paypal);
    expect(await loadPaypal()).toBe(paypal);
    expect(loadScript).toHaveBeenCalledTimes(1);
    // No sdkBaseUrl in the config: paypal-js's own (production) URL.
    expect(loadScript.mock.calls[0]?.[0]).not.toHaveProperty('sdkBaseUrl');
  });

  it(`gives up after ${SDK_TIMEOUT_MS / 1000} s and lets the next call try again`, async () => {
    vi.useFakeTimers();
    loadScript.mockReturnValueOnce(new Promise(() => {}));
    const first = loadPaypal();
    const settled = expect(first).rejects.toThrow(/did not load within 10 s/);
    await vi.advanceTimersByTimeAsync(SDK_TIMEOUT_MS);
    await settled;

    loadScript.mockResolvedValueOnce(paypal);
    expect(await loadPaypal()).toBe(paypal);
    expect(loadScript).toHaveBeenCalledTimes(2);
  });

  it('fails when the script loads without paypal.Buttons (resolves null outside a browser)', async () => {
    loadScript.mockResolvedValueOnce(null);
    await expect(loadPaypal()).rejects.toThrow(/without paypal.Buttons/);
    loadScript.mockResolvedValueOnce(paypal);
    expect(await loadPaypal()).toBe(paypal);
  });
});
