/**
 * `--cpu low` / `--cpu mid`: a CPU slowdown worked out for this machine, so
 * that the bench stands for the same phone on a fast machine and a slow one
 * (a fixed 4× is a faster phone on a faster machine: Sign in's task took
 * 38 ms on one 2-core machine and 93–116 ms on another, both at 4×).
 *
 * As Chrome DevTools' CPU calibration does (panels/mobile_throttling/
 * CalibrationController): Lighthouse's BenchmarkIndex, run in a blank page
 * under Emulation.setCPUThrottlingRate, bisected until it scores what the
 * target phone scores: 264 for a low-tier phone (a Moto G Power 2022), 1000
 * for a mid-tier one (a Pixel 5), within 10 points.
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

export const TARGETS = { low: { score: 264, phone: 'a low-tier phone, a Moto G Power 2022,' }, mid: { score: 1000, phone: 'a mid-tier phone, a Pixel 5,' } };
/** The throttling backend keeps hundredths. */
const hundredths = (n) => Number(n.toFixed(2));

/** The rate that makes this machine score `TARGETS[name]`, and what it scored unthrottled. */
export async function calibrateCpu(browser, name) {
  const target = TARGETS[name];
  if (!Object.hasOwn(TARGETS, name)) throw new Error(`--cpu ${name}: expected a number >= 1, or one of ${Object.keys(TARGETS).join(', ')}`);
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    const scores = new Map();
    const score = async (rate) => {
      if (!scores.has(rate)) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        scores.set(rate, await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`));
      }
      return scores.get(rate);
    };
    await score(1); // V8 warms up on the first run: measured again below
    scores.clear();
    const unthrottled = await score(1);
    if (unthrottled < target.score) throw new Error(`--cpu ${name}: this machine scores ${unthrottled}, below ${target.score} unthrottled: it cannot stand for ${target.phone}`);
    let lower = 1;
    let upper = hundredths((unthrottled / target.score) * 1.5);
    let rate = upper;
    for (let step = 0; step < 8; step++) {
      rate = hundredths((lower + upper) / 2);
      const got = await score(rate);
      if (Math.abs(got - target.score) < 10) break;
      if (got < target.score) upper = rate;
      else lower = rate;
    }
    return { rate, unthrottled, scored: scores.get(rate), ...target };
  } finally {
    await page.close();
  }
}
