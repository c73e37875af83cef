/**
 * The page's rules reach no island's ::before or ::after (docs/development.md
 * "Styles"): a theme's pseudo-element rules, whatever their selector, neither
 * make one appear inside an island nor restyle those the bundle draws (the
 * login modal's divider, the slider's arrows and dots). The island reset
 * (shared/styles/isolate.css) takes every element's ::before and ::after back
 * to the bundle's layer: each pseudo-element's style is read before and after
 * such a stylesheet arrives: one the bundle draws must not change, and one it
 * does not must stay undrawn (its other properties show nowhere while it has
 * no content).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useShop, wakePage } from './harness';

const shop = useShop({ mock: 'server' });

/** A theme's pseudo-element rules, loaded last: from the universal selector to ones heavier than a class. */
const THEME = `
*::before, *::after { content: 'theme'; color: rgb(255, 0, 255); margin: 9px; padding: 7px; font-size: 31px; transform: rotate(9deg); border: 3px dotted red; position: static; display: block; }
html body div::after, html body button::before, span::before, li::after, h2::before, a:after { content: '»'; background-color: red; padding: 11px; }
`;

/** Properties that show whether a pseudo-element is drawn and how, none of them depending on where the island sits. */
const PROPERTIES = ['content', 'display', 'position', 'color', 'background-color', 'font-size', 'margin-top', 'margin-left', 'padding-top', 'padding-left', 'border-top-width', 'border-top-style', 'transform'];

/** Each island element's ::before and ::after, as `widget element-index ::pseudo` → its styles. */
function pseudoStyles(page: Page): Promise<Record<string, string>> {
  return page.evaluate((properties) => {
    const out: Record<string, string> = {};
    const hooks = document.querySelectorAll('[data-widget]:not([data-widget=header],[data-widget=loyalty-action]), .sfw-root');
    hooks.forEach((hook, h) => {
      hook.querySelectorAll('*').forEach((element, i) => {
        for (const pseudo of ['::before', '::after']) {
          const style = getComputedStyle(element, pseudo);
          out[`${hook.getAttribute('data-widget') ?? 'root'}#${h} ${element.tagName.toLowerCase()}.${element.className}#${i} ${pseudo}`] = properties.map((p) => `${p}: ${style.getPropertyValue(p)}`).join('; ');
        }
      });
    });
    return out;
  }, PROPERTIES);
}

const drawn = (styles: Record<string, string>) => Object.keys(styles).filter((key) => !/^content: (none|normal);/.test(styles[key]!));

describe("a theme's pseudo-element rules", () => {
  it('reach no ::before or ::after of an island, the bundle’s own included (login modal, slider)', async () => {
    const page = await shop.open('/?reset=1');
    await wakePage(page);
    await page.locator('[data-widget="recently-viewed"]').scrollIntoViewIfNeeded();
    await page.locator('.sfw-recently-viewed__slide').first().waitFor();
    await page.locator('[data-panel-toggle="account"]').click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in to your account' }).getByLabel('Password').waitFor();

    const before = await pseudoStyles(page);
    // The bundle draws some itself: the divider's two lines, the slider's arrows and dots.
    const own = drawn(before);
    expect(own.some((key) => key.includes('sfw-login-modal__divider'))).toBe(true);
    expect(own.some((key) => key.includes('sfw-recently-viewed__nav'))).toBe(true);
    expect(own.some((key) => key.includes('sfw-recently-viewed__dot'))).toBe(true);

    // A constructed sheet (the demo's CSP refuses inline styles), after the page's own: it wins every tie.
    await page.evaluate((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }, THEME);
    // The theme did apply to the page's own markup (the header is the page's).
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('[data-widget="header"] *')!, '::before').content)).toBe('"theme"');

    const after = await pseudoStyles(page);
    // One the island does not draw (content none) must stay so; what else a theme sets on it shows nowhere.
    const content = (styles: string | undefined) => styles?.split(';')[0];
    const changed = Object.keys(before).filter((key) => (own.includes(key) ? before[key] !== after[key] : content(before[key]) !== content(after[key])));
    expect(changed.map((key) => `${key}\n  before: ${before[key]}\n  after:  ${after[key]}`)).toEqual([]);
    expect(drawn(after)).toEqual(own);
  });
});
