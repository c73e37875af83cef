/** The demo pages' templates (demo-pages/pages/), filled as Blade fills a view. */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../demo-pages/render';
import { fill, withServerHtml } from '../../../demo-pages/template';

describe('demo page templates', () => {
  it('{{ }} prints a value HTML-escaped, {!! !!} as it is, comments not at all; a missing value is named', () => {
    const html = fill('paypal-landing', { fields: '<dt>raw</dt>' });
    expect(html).toContain('<dl class="echo"><dt>raw</dt></dl>');
    expect(html).not.toContain('{{--');
    expect(fill('partials/paypal-field', { name: 'a"b', value: '<x> & \'y\'' })).toBe(
      '<dt>a&quot;b</dt><dd><code data-field="a&quot;b">&lt;x&gt; &amp; &#039;y&#039;</code></dd>\n',
    );
    expect(() => fill('content', { title: 'Cart' })).toThrow('demo-pages/pages/content.html: no value for text');
  });

  it('every empty hook gets its server HTML from its props (either quoting); hooks with markup and bad JSON stay', () => {
    const calls: [string, unknown][] = [];
    const html = withServerHtml(
      '<div data-widget="a" data-props="{&quot;x&quot;:&quot;&lt;1&gt;&quot;}"></div><div data-widget="b" data-props=\'{"y":2}\'></div>' +
        '<div data-widget="c"></div><button data-widget="d">Share</button><div data-widget="e" data-props="{bad"></div>',
      (widget, props) => (calls.push([widget, props]), `<i>${widget}</i>`),
    );
    expect(calls).toEqual([['a', { x: '<1>' }], ['b', { y: 2 }], ['c', {}]]);
    expect(html).toContain('<div data-widget="c"><i>c</i></div><button data-widget="d">Share</button><div data-widget="e" data-props="{bad"></div>');
  });

  it('the category page hands the grid the catalog\'s teasers; ?ssr=0 leaves every hook empty', () => {
    const ctx = { path: '/', cookies: {}, build: 'preact' as const, renderIsland: (widget: string) => `<i data-ssr>${widget}</i>` };
    const page = renderPage({ ...ctx, query: new URLSearchParams('cards=3') });
    const host = new DOMParser().parseFromString(page.html, 'text/html').querySelector<HTMLElement>('[data-widget="product-grid"]')!;
    expect(JSON.parse(host.dataset.props!).products.map((p: { id: number }) => p.id)).toEqual([1, 2, 3]);
    expect(host.innerHTML).toBe('<i data-ssr="">product-grid</i>');
    expect(renderPage({ ...ctx, query: new URLSearchParams('ssr=0') }).html).not.toContain('data-ssr');
  });
});
