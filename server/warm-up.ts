/**
 * Warm-up: a fresh worker renders each widget before it takes traffic, so
 * the first page after a deploy or a restart gets server HTML, not a
 * fallback (a cold first render of a category grid took 140 ms). The times
 * are the render estimate's first values (render-times.ts).
 */
import type { RenderOne } from './hooks';
import type { HookResult, WarmUpHook } from './options';

/** Rounds: each sample hook rendered this often (the JIT's hot paths), one render per turn of the event loop. */
export const WARM_UP_ROUNDS = 10;

export interface WarmUpOptions {
  renderOne: RenderOne;
  renderTimes: { record(bytes: number, ms: number): void };
  now: () => number;
  log: (line: string) => void;
  rounds?: number;
}

/** Renders `samples` (the renderer's warm-up hooks); resolves with the number of renders. */
export async function warmUpRenders(samples: WarmUpHook[], { renderOne, renderTimes, now, log, rounds = WARM_UP_ROUNDS }: WarmUpOptions): Promise<number> {
  const sized = samples.map((hook) => ({ ...hook, bytes: Buffer.byteLength(JSON.stringify({ config: hook.config, hooks: [hook] })) }));
  for (let round = 0; round < rounds; round++)
    for (const { widget, props, config, bytes } of sized) {
      await new Promise((resolve) => setImmediate(resolve));
      const start = now();
      const result: HookResult | undefined = renderOne(widget, props, config, { deadline: Infinity });
      if (round === 0 && !result?.html) log(`warm-up: ${widget} rendered no HTML${result?.error ? ` (${result.error})` : ''}`);
      // The later rounds only: the first ones run code not yet compiled.
      if (round >= rounds / 2) renderTimes.record(bytes, now() - start);
    }
  return rounds * sized.length;
}
