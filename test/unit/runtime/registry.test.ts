/**
 * Islands come in chunk groups (widgets/groups/, docs/architecture.md "Chunk groups"):
 * every name in the registry must still load the island of that name.
 */
import { describe, expect, it } from 'vitest';
import { ISLANDS } from '../../../widgets/registry';

describe('island registry', () => {
  it.each(Object.keys(ISLANDS))('%s loads the island of that name', async (name) => {
    const island = (await ISLANDS[name]!.load()).default;
    expect(island.name).toBe(name);
  });
});
