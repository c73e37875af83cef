import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { parsePageConfig, setPageConfig } from '../../../shared/config';
import { navigation } from '../../../shared/navigation';
import { $openModals } from '../../../shared/stores/modals';
import { $region } from '../../../shared/stores/region';
import { CountryPrompt, DEFAULT_FLAG_URL } from '../../../widgets/country-prompt/CountryPrompt';
import island from '../../../widgets/country-prompt/island';
import { COUNTRY_STORAGE_KEY } from '../../../widgets/country-prompt/rules/country';
import { hook } from '../hook';

const OFFER = 'Would you like to see prices in CAD?';
const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));

function setup(visitor: 'US' | 'CA', currencyDecided = false, flagUrl?: string) {
  backend.update((s) => {
    s.visitor = visitor;
    s.currencyDecided = currencyDecided;
  });
  const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => {});
  const view = render(<CountryPrompt flagUrl={flagUrl} />);
  return { reload, view };
}

describe('country-prompt', () => {
  it('a US visitor: nothing remembered, never offered', async () => {
    setup('US');
    await waitFor(() => expect(backend.callsTo('/determine-user-country')).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($openModals.get()).toEqual([]);
    expect(localStorage.getItem(COUNTRY_STORAGE_KEY)).toBeNull();
    expect($region.get().country).toBe('US');
  });

  it('a CA visitor with opt true: remembered, and the offer opens with the flag and both answers', async () => {
    setup('CA', false, '/img/flags/ca.svg');
    const dialog = await screen.findByRole('dialog', { name: 'Shopping from outside the US?' });
    expect(localStorage.getItem(COUNTRY_STORAGE_KEY)).toBe('CA');
    expect($region.get()).toEqual({ factor: 1, symbol: '$', country: 'CA' });
    expect(screen.getByRole('img', { name: 'Flag of Canada' }).getAttribute('src')).toBe('/img/flags/ca.svg');
    expect(screen.getByRole('button', { name: OFFER })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No thanks.' })).toBeTruthy();
    // As every dialog: the focus on its title, which a reader says (not an alert dialog: Orca read that three times).
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shopping from outside the US?' }));
    // Required: no close icon, Escape does not close it.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    act(() => void fireEvent(dialog, new Event('cancel', { cancelable: true })));
    expect((dialog as HTMLDialogElement).open).toBe(true);
  });

  it('without a flagUrl prop the bundle flag is shown', async () => {
    setup('CA');
    const flag = await screen.findByRole('img', { name: 'Flag of Canada' });
    expect(flag.getAttribute('src')).toBe(DEFAULT_FLAG_URL);
  });

  it('a CA visitor with opt false: remembered, no offer', async () => {
    setup('CA', true);
    await waitFor(() => expect(localStorage.getItem(COUNTRY_STORAGE_KEY)).toBe('CA'));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($region.get().country).toBe('CA');
  });

  it('accepting posts the country once, then reloads', async () => {
    const { reload } = setup('CA');
    backend.delay('/opt-in-currency-display', 30);
    const accept = await screen.findByRole('button', { name: OFFER });
    act(() => void fireEvent.click(accept));
    expect(accept.getAttribute('aria-busy')).toBe('true');
    act(() => void fireEvent.click(accept));
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'No thanks.' })));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(backend.callsTo('/opt-in-currency-display').map((c) => c.body)).toEqual([{ country: 'CA' }]);
    expect(backend.callsTo('/opt-out-currency')).toHaveLength(0);
    expect(document.cookie).toContain('demo_currency=USDCAD');
  });

  it('declining calls opt-out, then reloads', async () => {
    const { reload } = setup('CA');
    const decline = await screen.findByRole('button', { name: 'No thanks.' });
    act(() => void fireEvent.click(decline));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(backend.callsTo('/opt-out-currency')).toHaveLength(1);
    expect(backend.callsTo('/opt-in-currency-display')).toHaveLength(0);
  });

  it('a failed opt-in is only logged, and the page still reloads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { reload } = setup('CA');
    backend.fail('/opt-in-currency-display', '500');
    const accept = await screen.findByRole('button', { name: OFFER });
    act(() => void fireEvent.click(accept));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Currency opt-in failed'), expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each(['500', 'network', 'malformed'] as const)('a failed check (%s) shows nothing and breaks nothing', async (mode) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    backend.fail('/determine-user-country', mode);
    const { reload, view } = setup('CA');
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('Country check failed'), expect.anything()));
    expect(view.container.innerHTML).toBe('');
    expect($openModals.get()).toEqual([]);
    expect(localStorage.getItem(COUNTRY_STORAGE_KEY)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('unmounting aborts the check: nothing opens later', async () => {
    backend.delay('/determine-user-country', 30);
    const { view } = setup('CA');
    view.unmount();
    await settle();
    await settle();
    expect($openModals.get()).toEqual([]);
    expect(localStorage.getItem(COUNTRY_STORAGE_KEY)).toBeNull();
  });

  it('the island drops an unsafe flagUrl with one clear warning and still mounts', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const host = hook('country-prompt', { flagUrl: 'javascript:alert(1)' });
    island.mount(host);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/country-prompt.*flagUrl/);
    expect(error).not.toHaveBeenCalled();
    expect(host.getAttribute('data-island')).not.toBe('failed');
  });
});

describe('country-prompt: the country answer the page config gives', () => {
  it('a CA answer in the config opens the offer without calling the API', async () => {
    setPageConfig(parsePageConfig({ country: { country: 'CA', opt: 1 } }));
    render(<CountryPrompt />);
    await screen.findByRole('dialog', { name: 'Shopping from outside the US?' });
    expect(localStorage.getItem(COUNTRY_STORAGE_KEY)).toBe('CA');
    expect($region.get().country).toBe('CA');
    expect(backend.callsTo('/determine-user-country')).toHaveLength(0);
  });

  it('a US answer in the config: nothing opens, no call', async () => {
    backend.update((s) => (s.visitor = 'CA'));
    setPageConfig(parsePageConfig({ country: { country: 'US', opt: false } }));
    render(<CountryPrompt />);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(backend.callsTo('/determine-user-country')).toHaveLength(0);
  });

  it('a config without the answer calls GET /determine-user-country (spec §7 fallback)', async () => {
    backend.update((s) => (s.visitor = 'CA'));
    setPageConfig(parsePageConfig({ country: { opt: true } }));
    render(<CountryPrompt />);
    await screen.findByRole('dialog', { name: 'Shopping from outside the US?' });
    expect(backend.callsTo('/determine-user-country')).toHaveLength(1);
  });
});
