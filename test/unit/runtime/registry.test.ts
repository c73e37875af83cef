/**
 * Islands come in chunk groups (widgets/groups/, docs/architecture.md "Chunk
 * groups"): every name in the registry must still load the island of that
 * name, and name its chunk as the build names it in the preload map.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkName } from '../../../build.mjs';
import { ISLANDS } from '../../../widgets/registry';

describe('island registry', () => {
  it.each(Object.keys(ISLANDS))('%s loads the island of that name', async (name) => {
    const island = (await ISLANDS[name]!.load()).default;
    expect(island.name).toBe(name);
  });

  it.each(Object.keys(ISLANDS))('%s names its chunk as the build does (its idle prefetch finds it)', (name) => {
    const chunk = ISLANDS[name]!.chunk ?? name;
    const module = [`widgets/groups/${chunk}.ts`, `widgets/${chunk}/island.ts`, `widgets/${chunk}/island.tsx`].find((path) => existsSync(path));
    expect(module, `no module for chunk "${chunk}"`).toBeDefined();
    expect(chunkName(module!)).toBe(chunk);
  });
});
