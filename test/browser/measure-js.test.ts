/**
 * scripts/measure-js.mjs (npm run size, npm run bench) tells a script the
 * page only fetched from one whose code ran, and spots axios code by its
 * source map, on the built demo category page.
 */
import { describe, expect, it } from 'vitest';
import { measurePageJs } from '../../scripts/measure-js.mjs';
import { builtUrl, useServerMockShop } from './harness';
import { watchSettled } from './settle';



const shop = useServerMockShop();

describe('measurePageJs', () => {
  it('counts a preloaded script as fetched, not run; the entry and the axios transport as run', async () => {
    // The product page's form: not on the category page, so only the preload fetches it.
    const preloaded = builtUrl('widgets/add-to-cart/AddToCartForm.tsx');
    const transport = builtUrl('shared/api/transport.ts');
    const init = `document.addEventListener('DOMContentLoaded', () => {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: ${JSON.stringify(preloaded)} });
      document.head.append(link);
      import(${JSON.stringify(transport)});
    });`;
    const r = await measurePageJs(shop.browser, new URL('/?reset=1', shop.url).href, { watch: watchSettled, init });
    const paths = (list: Array<{ url: string }>) => list.map((s) => new URL(s.url).pathname);

    expect(paths(r.before.fetched)).toContain(preloaded);
    expect(paths(r.before.ran)).not.toContain(preloaded);
    expect(paths(r.before.ran)).toContain(builtUrl('widgets/storefront.ts'));
    expect(paths(r.before.ran)).toContain(transport);
    expect(r.before.axiosRan).toBe(true);
    for (const s of r.after.fetched) expect(s.gzip).toBeGreaterThan(0);
    expect(paths(r.after.fetched)).toEqual(expect.arrayContaining(paths(r.before.fetched)));
    expect(r.errors).toEqual([]);
  });

  it('the category page runs only the entry and the header before input; the island groups are fetched at idle and run once the page wakes, two chunks, not one per island', async () => {
    const r = await measurePageJs(shop.browser, new URL('/?reset=1', shop.url).href, { watch: watchSettled });
    const paths = (list: Array<{ url: string }>) => list.map((s) => new URL(s.url).pathname);
    const groups = [builtUrl('widgets/groups/every-page.ts'), builtUrl('widgets/groups/category.ts')];
    expect(paths(r.before.ran)).toContain(builtUrl('widgets/header/island.ts'));
    for (const group of groups) {
      expect(paths(r.before.fetched)).toContain(group);
      expect(paths(r.before.ran)).not.toContain(group);
    }
    expect(paths(r.woken.ran)).toEqual(expect.arrayContaining(groups));
    // Was 29 with a chunk per island.
    expect(r.woken.ran.length).toBeLessThanOrEqual(30);
    expect(r.errors).toEqual([]);
  });
});
