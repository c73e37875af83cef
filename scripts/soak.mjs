#!/usr/bin/env node
/**
 * npm run test:soak: the browser tests, several times over, on a machine kept
 * busy, to find the flakes a loaded CI machine would meet first. Each flake it
 * finds is a race in the product or the harness: fix its cause, never a timeout.
 *
 *   npm run test:soak                      3 runs of every browser test, the cores kept 60 % busy
 *   npm run test:soak -- --runs 5 --load 0.8 test/browser/first-tap.test.ts
 *
 * The load: one worker thread per core, each busy for `load` of every 20 ms
 * (a steady share of every core, as other processes take on a shared machine).
 * Builds once first (node build.mjs --both). Prints each run's failures, then
 * the tests that failed in any run with how often, and one closing line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const runs = Number(option('--runs', '3'));
const load = Number(option('--load', '0.6'));
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${runs}: a whole number >= 1`);
if (!(load >= 0 && load < 1)) throw new Error(`--load ${load}: a share of each core, from 0 to below 1`);
const files = args;

const build = spawnSync(process.execPath, ['build.mjs', '--both'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// Busy for `load` of each 20 ms slice, then asleep for the rest (Atomics.wait sleeps without spinning).
const burn = `
const { load } = require('node:worker_threads').workerData;
const nap = new Int32Array(new SharedArrayBuffer(4));
for (;;) {
  const end = Date.now() + 20 * load;
  while (Date.now() < end);
  Atomics.wait(nap, 0, 0, 20 * (1 - load));
}`;
const workers = load > 0 ? Array.from({ length: availableParallelism() }, () => new Worker(burn, { eval: true, workerData: { load } })) : [];

const failures = new Map();
let failedRuns = 0;
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const out = join(mkdtempSync(join(tmpdir(), 'soak-')), 'report.json');
  spawnSync('npx', ['vitest', 'run', '--project', 'browser', '--reporter', 'json', '--outputFile', out, ...files], { stdio: 'ignore' });
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const failed = report.testResults.flatMap((file) =>
    file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${file.name.replace(`${process.cwd()}/`, '')} > ${t.fullName}`),
  );
  // A file that failed before its tests ran (a hook, an import) counts once.
  for (const file of report.testResults) if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) failed.push(`${file.name} (${file.message.split('\n')[0]})`);
  for (const name of failed) failures.set(name, (failures.get(name) ?? 0) + 1);
  if (failed.length) failedRuns++;
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`soak run ${run} of ${runs}: ${report.numPassedTests} passed, ${failed.length} failed, ${minutes} min, cores ${Math.round(load * 100)} % busy`);
  for (const name of failed) console.log(`  failed: ${name}`);
}
for (const worker of workers) worker.terminate();

if (failures.size) {
  console.log('\nFailed in any run (how many runs):');
  for (const [name, count] of [...failures].sort((a, b) => b[1] - a[1])) console.log(`  ${count} of ${runs}: ${name}`);
}
console.log(`\nsoak: ${runs - failedRuns} passed, ${failedRuns} failed`);
process.exit(failedRuns ? 1 : 0);
