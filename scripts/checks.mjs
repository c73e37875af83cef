#!/usr/bin/env node
/**
 * The checks `npm test` runs before vitest, in three lanes at once (each a
 * single-threaded process for most of its time, so two cores take them in
 * about half the time of one after the other): the typecheck; the lint; the
 * builds with their size budgets, then the PHP suites (they test the built
 * laravel/dist/). Each lane's output is printed whole when it ends, with its
 * time; the exit status is 1 when any lane failed.
 */
import { spawn } from 'node:child_process';

const LANES = [
  ['npm run -s typecheck'],
  ['npm run -s lint'],
  ['node scripts/size.mjs --both --budgets', 'npm run -s test:php'],
];

function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const results = await Promise.all(
  LANES.map(async (lane) => {
    for (const command of lane) {
      const since = Date.now();
      const { code, output } = await run(command);
      process.stdout.write(`\n> ${command} (${code === 0 ? 'passed' : `FAILED, exit ${code}`}, ${seconds(since)})\n${output}`);
      if (code !== 0) return false;
    }
    return true;
  }),
);
console.log(`\nchecks: ${results.every(Boolean) ? 'passed' : 'FAILED'} in ${seconds(started)}`);
process.exit(results.every(Boolean) ? 0 : 1);
