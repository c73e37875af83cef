/**
 * Islands are found by their folders (build/islands.mjs) and come in chunk
 * groups (each folder's wake.ts, docs/architecture.md "Chunk groups"): every
 * name in the registry must still load the island of that name, and name its
 * chunk as the build names it in the preload map.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkName } from '../../../build.mjs';
import { islandFolders } from '../../../build/islands.mjs';
import { ISLANDS } from '../../../widgets/registry';

const folders = islandFolders('.');

describe('island registry', () => {
  it('has one island per folder with an island.tsx (or island.ts), and no other', () => {
    expect(Object.keys(ISLANDS).sort()).toEqual(folders.map((f) => f.name));
    expect(Object.keys(ISLANDS)).toContain('teaser-card');
  });

  it.each(Object.keys(ISLANDS))('%s loads the island of that name', async (name) => {
    const island = (await ISLANDS[name]!.load()).default;
    expect(island.name).toBe(name);
  });

  it.each(Object.keys(ISLANDS))('%s names its chunk as the build does (its idle prefetch finds it)', (name) => {
    const chunk = ISLANDS[name]!.chunk ?? name;
    const group = folders.find((f) => f.name === name)!.group;
    // A group's module is made by the build at widgets/groups/<group>.ts; an island's own chunk is its island module.
    const module = group ? `widgets/groups/${group}.ts` : [`widgets/${name}/island.ts`, `widgets/${name}/island.tsx`].find((path) => existsSync(path));
    expect(module, `no module for chunk "${chunk}"`).toBeDefined();
    expect(chunkName(module!)).toBe(chunk);
  });
});
