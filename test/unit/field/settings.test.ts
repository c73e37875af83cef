/**
 * The page config's `fieldData` (docs/embedding.md "Field data") is read three times: by the runtime
 * (Math.random() below sampleRate: shared/runtime/field.ts; consent as a flag: deliver.ts field), by the field chunk without
 * valibot (shared/field/settings.ts), and by shared/config.ts, which warns once about a bad key and gives
 * its default. Each row: one block as a template might print it; all readers agree.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePageConfig } from '../../../shared/config';
import { fieldSettings } from '../../../shared/field/settings';
import { MARK } from '../../../shared/field/collect';
import { MARK as NOTE_MARK } from '../../../shared/runtime/note';
import { field as askForChunk, type FieldState } from '../../../shared/runtime/deliver';

afterEach(() => vi.restoreAllMocks());

/** [why, the block, what it reads as, how many warnings] */
const ROWS: Array<[string, unknown, { endpoint: string | null; pageType: string; sampleRate: number; consent: boolean }, number]> = [
  ['absent', undefined, { endpoint: null, pageType: 'page', sampleRate: 0, consent: false }, 0],
  ['all good', { endpoint: '/storefront/field-data', sampleRate: 0.1, consent: true, pageType: 'category' }, { endpoint: '/storefront/field-data', pageType: 'category', sampleRate: 0.1, consent: true }, 0],
  ['an http(s) URL', { endpoint: 'https://rum.example/fd', sampleRate: 1, consent: true, pageType: 'product/{slug}' }, { endpoint: 'https://rum.example/fd', pageType: 'product/{slug}', sampleRate: 1, consent: true }, 0],
  ['a protocol-relative endpoint', { endpoint: '//evil.example/x', sampleRate: 1, consent: true }, { endpoint: null, pageType: 'page', sampleRate: 1, consent: true }, 1],
  ['a javascript: endpoint', { endpoint: 'javascript:alert(1)', sampleRate: 1, consent: true }, { endpoint: null, pageType: 'page', sampleRate: 1, consent: true }, 1],
  ['a page type that is a URL', { endpoint: '/fd', sampleRate: 1, consent: true, pageType: 'https://shop/c/cards?page=2' }, { endpoint: '/fd', pageType: 'page', sampleRate: 1, consent: true }, 1],
  ['consent as a word that is no flag', { endpoint: '/fd', sampleRate: 1, consent: 'yes' }, { endpoint: '/fd', pageType: 'page', sampleRate: 1, consent: false }, 1],
  ['consent as PHP prints a true flag (1)', { endpoint: '/fd', sampleRate: 1, consent: 1 }, { endpoint: '/fd', pageType: 'page', sampleRate: 1, consent: true }, 0],
  ['consent as a string "1" (a TINYINT column)', { endpoint: '/fd', sampleRate: 1, consent: '1' }, { endpoint: '/fd', pageType: 'page', sampleRate: 1, consent: true }, 0],
  ['consent as null (a NULL column)', { endpoint: '/fd', sampleRate: 1, consent: null }, { endpoint: '/fd', pageType: 'page', sampleRate: 1, consent: false }, 0],
  ['consent as "0"', { endpoint: '/fd', sampleRate: 1, consent: '0' }, { endpoint: '/fd', pageType: 'page', sampleRate: 1, consent: false }, 0],
  ['consent as "false"', { endpoint: '/fd', sampleRate: 1, consent: 'false' }, { endpoint: '/fd', pageType: 'page', sampleRate: 1, consent: false }, 0],
  ['a rate over 1', { endpoint: '/fd', sampleRate: 2, consent: true }, { endpoint: '/fd', pageType: 'page', sampleRate: 0, consent: true }, 1],
  ['a rate as a numeric string (a DECIMAL column)', { endpoint: '/fd', sampleRate: '0.5', consent: true }, { endpoint: '/fd', pageType: 'page', sampleRate: 0.5, consent: true }, 0],
  ['a rate that is no number', { endpoint: '/fd', sampleRate: 'half', consent: true }, { endpoint: '/fd', pageType: 'page', sampleRate: 0, consent: true }, 1],
];

describe('fieldData, as each reader reads it', () => {
  it.each(ROWS)('%s', (_why, block, expected, warnings) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = parsePageConfig(block === undefined ? {} : { fieldData: block });
    const field = config.fieldData;
    expect({ endpoint: field?.endpoint ?? null, pageType: field?.pageType ?? 'page', sampleRate: field?.sampleRate ?? 0, consent: field?.consent ?? false }).toEqual(expected);
    // The chunk: the same endpoint and page type, or nothing to send to.
    expect(fieldSettings(block)).toEqual(expected.endpoint === null ? null : { endpoint: expected.endpoint, pageType: expected.pageType });
    // The runtime: it loads the chunk only with consent, read as the config reads it.
    const state: FieldState = { consent: (block as { consent?: unknown } | undefined)?.consent, started: true };
    askForChunk(state);
    expect(state.consent).toBe(expected.consent);
    // A bad key warns once (and the other keys apply).
    expect(warn).toHaveBeenCalledTimes(warnings);
  });

  it('the field chunk reads the marks the runtime leaves', () => {
    expect(MARK).toBe(NOTE_MARK);
  });
});
