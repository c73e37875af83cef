/**
 * The embedding forms docs/laravel.md documents, as Laravel's Blade prints them
 * (test/fixtures/blade/embed.html, made by render.php from embed.blade.php):
 * a value with quotes, an apostrophe, <, &, é and / reaches the island intact
 * through `data-props='@json(…)'` (raw JSON) and `data-props="{{ json_encode(…) }}"`
 * (HTML-escaped), and the config block `@json($storefrontConfig)` reads back.
 * `data-props="@json(…)"` breaks the attribute: one clear error naming the widget.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { readPageConfig } from '../../../shared/config';
import { createRuntime, type IslandRegistry } from '../../../shared/runtime/mount';

const printed = readFileSync(resolve(__dirname, '../../fixtures/blade/embed.html'), 'utf8');
const registry: IslandRegistry = { 'teaser-card': { load: () => import('../../../widgets/teaser-card/island') } };
const TITLE = `Pokémon "Base" Set 'Booster' <Box> & Co / 1st`;

/** The element with this id, as Blade printed it, alone on the page. */
function only(id: string): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = printed;
  const element = template.content.getElementById(id);
  if (!element) throw new Error(`no #${id} in embed.html`);
  document.body.append(element);
  return element as HTMLElement;
}

describe('Blade embedding, as printed by Laravel', () => {
  it('the printed page keeps one config script and three hooks (the config cannot close its script)', () => {
    document.body.innerHTML = printed;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(document.querySelectorAll('[data-widget]')).toHaveLength(3);
  });

  it.each(['single-quoted-json', 'escaped-json-encode'])('%s: the card shows the props exactly as the server had them', async (id) => {
    const error = vi.spyOn(console, 'error');
    const host = only(id);
    createRuntime(registry).mount();
    await waitFor(() => expect(host.querySelector('.sfw-teaser-card')).not.toBeNull());
    const title = host.querySelector<HTMLAnchorElement>('.sfw-teaser-card__title')!;
    expect(title.textContent).toBe(TITLE);
    expect(title.getAttribute('href')).toBe('/pokemon-base-set-booster');
    expect(host.querySelector('.sfw-teaser-card__media img')!.getAttribute('src')).toBe('/img/base-set.png?w=400&h=400');
    expect(host.querySelector('.sfw-teaser-card__price')!.textContent).toContain('$24.99');
    expect(error).not.toHaveBeenCalled();
  });

  it('data-props="@json(…)" (documented as wrong) logs one error naming the widget and renders nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = only('wrong-double-quoted-json');
    createRuntime(registry).mount();
    await waitFor(() => expect(host.getAttribute('data-island')).toBe('failed'));
    expect(host.innerHTML).toBe('');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/^\[storefront\] teaser-card: data-props is not valid JSON/);
  });

  it('the config block printed by @json($storefrontConfig) reads back whole', () => {
    const error = vi.spyOn(console, 'error');
    only('storefront-config');
    expect(readPageConfig()).toMatchObject({
      region: { factor: 1.37, symbol: 'C$', country: 'CA' },
      user: { loggedIn: true },
      paypal: { clientId: "</script><script>alert('x')</script>" },
    });
    expect(error).not.toHaveBeenCalled();
  });
});
