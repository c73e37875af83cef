import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineIsland } from '../../../shared/runtime/island';

describe('the list option of defineIsland (shared/runtime/list.tsx)', () => {
  it('names a prop that is not a list of the schema: the island fails where it is defined, naming the widget and the prop', () => {
    const Props = v.object({ labels: v.string() });
    expect(() => defineIsland('scratch', Props, () => null, { list: { prop: 'labels' } })).toThrow(/scratch: list prop "labels" is no v.array of its props/);
    expect(() => defineIsland('scratch', Props, () => null, { list: { prop: 'items' } })).toThrow(/"items"/);
    expect(() => defineIsland('scratch', v.object({ labels: v.nullish(v.array(v.string())) }), () => null, { list: { prop: 'labels' } })).not.toThrow();
  });
});
