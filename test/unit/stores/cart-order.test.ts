import { describe, expect, it } from 'vitest';
import { mayApply, type CartOrder, type CartPart } from '../../../shared/stores/cart-order';

const read = (seq: number) => ({ seq, write: false });
const write = (seq: number) => ({ seq, write: true });
const order = (write: number, count: number, items: number): CartOrder => ({ write, count, items });

describe('mayApply: an answer is shown only when nothing newer superseded it', () => {
  it.each<[string, CartOrder, CartPart, { seq: number; write: boolean }, boolean]>([
    ['the first answer', order(0, 0, 0), 'items', read(1), true],
    ['a read newer than what is shown', order(0, 2, 2), 'items', read(3), true],
    ['a read older than what is shown', order(0, 3, 3), 'items', read(2), false],
    ['the same answer twice', order(0, 3, 3), 'count', read(3), false],
    ['a read started before a write (still running)', order(4, 0, 0), 'items', read(3), false],
    ['a read started before a write, count too', order(4, 0, 0), 'count', read(3), false],
    ['a read started after a write', order(4, 4, 4), 'items', read(5), true],
    ['a read started after a write that is not answered yet', order(4, 0, 0), 'items', read(5), true],
    ["a write's answer over older reads", order(4, 3, 3), 'items', write(4), true],
    ["a write's count after a newer write's count (an add)", order(5, 5, 3), 'count', write(4), false],
    ["a write's items after a newer write that set only the count", order(5, 5, 3), 'items', write(4), true],
    ["a write's answer after a newer read was shown", order(4, 5, 5), 'items', write(4), false],
    ['a count read older than the items shown still sets the count', order(0, 1, 3), 'count', read(2), true],
    ['a count read older than the count shown', order(0, 3, 1), 'count', read(2), false],
  ])('%s', (_name, current, part, ticket, expected) => {
    expect(mayApply(current, part, ticket)).toBe(expected);
  });
});
