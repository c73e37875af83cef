/**
 * The entry decides at load, from the config block as written and without
 * valibot, whether the cart dropdown and the country prompt must run then
 * (widgets/registry.ts, readRawConfig): exactly when the islands themselves,
 * reading the same block with the real schema (shared/config.ts) and the
 * country rule (country-prompt/rules/country.ts), would call the API or act
 * at load. Each row is one block as PHP might print it; both readers read it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_ELEMENT_ID, readPageConfig, resetPageConfig } from '../../../shared/config';
import { readRawConfig, type WakeContext } from '../../../shared/runtime/wake';
import { countryOutcome } from '../../../widgets/country-prompt/rules/country';
import { ISLANDS } from '../../../widgets/registry';

/** A document whose config block holds `text` as written (undefined: no block). */
function pageWith(text: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument();
  if (text !== undefined) {
    const el = doc.createElement('script');
    el.type = 'application/json';
    el.id = CONFIG_ELEMENT_ID;
    el.textContent = text;
    doc.head.append(el);
  }
  return doc;
}

/** What the registry line's strategy does with a hook holding server HTML on that page. */
function strategyOf(widget: string, doc: Document): 'sleeps' | 'wakes the page' {
  const host = document.createElement('div');
  host.innerHTML = '<template data-sfw-ssr="h.x"></template><p>server HTML</p>';
  let outcome: 'sleeps' | 'wakes the page' | undefined;
  const page: WakeContext = {
    hydrate: () => {},
    wait: () => {},
    sleep: () => (outcome = 'sleeps'),
    wakePage: () => (outcome = 'wakes the page'),
    config: () => readRawConfig(doc),
  };
  ISLANDS[widget]!.wake!(host, page);
  return outcome!;
}

const BLOCKS: Array<[string, string | undefined]> = [
  ['no block', undefined],
  ['not JSON', '{cart: 2'],
  ['an empty object', '{}'],
  ['a JSON array', '[]'],
  ['null', 'null'],
  ['a whole count', '{"cart":{"count":2}}'],
  ['a zero count', '{"cart":{"count":0}}'],
  ['a count as PHP text', '{"cart":{"count":"2"}}'],
  ['a count as padded text', '{"cart":{"count":" 3 "}}'],
  ['a null count', '{"cart":{"count":null}}'],
  ['a count that is not a number', '{"cart":{"count":"two"}}'],
  ['a negative count', '{"cart":{"count":-1}}'],
  ['a fractional count', '{"cart":{"count":1.5}}'],
  ['a count as a flag', '{"cart":{"count":true}}'],
  ['a count in an array', '{"cart":{"count":[5]}}'],
  ['cart null', '{"cart":null}'],
  ['a US visitor', '{"country":{"country":"US"}}'],
  ['a US visitor written loosely', '{"country":{"country":" us "}}'],
  ['an empty country answer', '{"country":{"country":""}}'],
  ['a Canadian visitor offered CAD', '{"country":{"country":"CA","opt":true}}'],
  ['a Canadian visitor not offered', '{"country":{"country":"CA","opt":0}}'],
  ['a country as a number', '{"country":{"country":5}}'],
  ['a null country', '{"country":{"country":null}}'],
  ['country null', '{"country":null}'],
  ['both known', '{"cart":{"count":"4","errors":"1"},"country":{"country":"US","opt":false}}'],
];

afterEach(() => {
  resetPageConfig();
  vi.restoreAllMocks();
});

describe('the entry’s config reader agrees with the islands’ (schema and country rule)', () => {
  it.each(BLOCKS)('%s: the cart dropdown wakes the page at load exactly when its store would ask for the count', (_case, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const doc = pageWith(text);
    // The cart store asks GET /cart/get-count when the parsed config has no count (shared/stores/cart.ts).
    const asks = readPageConfig(doc).cart?.count == null;
    expect(strategyOf('cart-dropdown', doc)).toBe(asks ? 'wakes the page' : 'sleeps');
  });

  it.each(BLOCKS)('%s: the country prompt wakes the page at load exactly when it would ask or act', (_case, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const doc = pageWith(text);
    // Without a country the prompt asks the API; with one it applies countryOutcome (CountryPrompt.tsx).
    const given = readPageConfig(doc).country;
    const outcome = given?.country != null ? countryOutcome({ country: given.country, opt: given.opt }) : null;
    const acts = outcome === null || outcome.remember !== null || outcome.offer;
    expect(strategyOf('country-prompt', doc)).toBe(acts ? 'wakes the page' : 'sleeps');
  });
});
