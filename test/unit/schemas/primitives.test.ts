/**
 * The primitives every schema is built from, read as PHP writes them.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { countOr0, flag, flagOr, num, numOr0, optUrl, str, text } from '../../../shared/api/schemas';

const read = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? result.output : 'rejected';
};

describe('flag: true/false, 0/1, "0"/"1", null, and a count used as a flag', () => {
  it.each([
    [true, true], [false, false], [1, true], [0, false], ['1', true], ['0', false], [null, false], [undefined, false],
    ['true', true], ['false', false], ['', false], [2, true], ['3', true], [' 1 ', true], ['0.00', false],
    ['yes', 'rejected'], [{}, 'rejected'], [[], 'rejected'],
  ])('%j → %j', (input, output) => expect(read(flag, input)).toBe(output));

  it.each([
    [undefined, true], [null, true], [0, false], ['0', false], [false, false], [1, true],
  ])('flagOr(true): %j → %j (missing means true, as `eligible`)', (input, output) => expect(read(flagOr(true), input)).toBe(output));
});

describe('numbers: numeric strings as DECIMAL columns send them', () => {
  it.each([
    [12, 12], ['19.99', 19.99], [' 3 ', 3], ['-2.5', -2.5], ['1.37', 1.37],
    ['', 'rejected'], ['abc', 'rejected'], ['1e3', 'rejected'], [true, 'rejected'], [null, 'rejected'], [{}, 'rejected'],
  ])('num: %j → %j', (input, output) => expect(read(num, input)).toBe(output));

  it.each([[null, 0], [undefined, 0], ['4.50', 4.5]])('numOr0: %j → %j', (input, output) => expect(read(numOr0, input)).toBe(output));

  it.each([
    [false, 0], [true, 1], [3, 3], ['2', 2], [null, 0], ['x', 'rejected'],
  ])('countOr0 (a count sent as a flag): %j → %j', (input, output) => expect(read(countOr0, input)).toBe(output));
});

describe('text', () => {
  it.each([['abc', 'abc'], [12345, '12345'], [{}, 'rejected'], [null, 'rejected']])('str: %j → %j', (input, output) =>
    expect(read(str, input)).toBe(output),
  );
  it.each([[null, ''], [undefined, ''], [7, '7']])('text: %j → %j', (input, output) => expect(read(text, input)).toBe(output));
});

describe('optUrl: relative or http(s); "" and null are no image', () => {
  it.each([
    ['/img/a.jpg', '/img/a.jpg'], ['https://cdn.example/a.png', 'https://cdn.example/a.png'], ['', null], [null, null], [undefined, undefined],
    ['javascript:alert(1)', 'rejected'], ['data:image/svg+xml,<svg>', 'rejected'], ['  ', 'rejected'], [5, 'rejected'],
  ])('%j → %j', (input, output) => expect(read(optUrl, input)).toBe(output));
});
