/**
 * The build target comes from the browser support list in package.json
 * (docs/architecture.md "Browser support"): syntax every listed browser runs is kept,
 * syntax the oldest one (Safari 15.4) lacks is lowered, and `npm run lint`
 * refuses an API one of them lacks.
 */
import { ESLint } from 'eslint';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { esbuildTarget, supportedTarget } from '../../../build/browsers.mjs';

describe('browser support list', () => {
  it.each([
    [['Chrome >= 146', 'Safari >= 15'], ['chrome146', 'safari15']],
    [['edge>=120', 'iOS >= 15.4', 'Firefox >= 140'], ['edge120', 'ios15.4', 'firefox140']],
  ])('%j → %j', (list, target) => {
    expect(esbuildTarget(list)).toEqual(target);
  });

  it.each([[['last 2 versions']], [['IE >= 11']], [[]], [undefined]])('refuses %j with a clear error', (list) => {
    expect(() => esbuildTarget(list)).toThrow(/browserslist|write it as/);
  });

  it('the project list keeps what all its browsers run and lowers what Safari 15.4 lacks', async () => {
    const target = supportedTarget(process.cwd());
    expect(target).toContain('safari15.4');
    const { code } = await transform('a ??= b; class C { static { init(); } }', { target });
    expect(code).toContain('??=');
    expect(code).not.toMatch(/static\s*\{/);
  });

  it('the lint refuses, in shipped code, an API the oldest Safari lacks and passes what it has', async () => {
    const code = "export const a = [Object.hasOwn({}, 'a'), structuredClone([1]), new BroadcastChannel('x'), new CompressionStream('gzip')];";
    const [shipped] = await new ESLint().lintText(code, { filePath: 'shared/probe.ts' });
    expect(shipped?.messages.map((m) => m.message)).toEqual([
      'CompressionStream is not supported in Safari 15.4, iOS Safari 15.4',
    ]);
  }, 30_000);
});
