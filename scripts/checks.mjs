#!/usr/bin/env node
/**
 * The checks `npm test` runs before vitest: the typecheck, the lint and the
 * builds with their size budgets at once (each a single-threaded process for
 * most of its time, so two cores take them in about half the time of one
 * after the other), then the PHP suites alone (they test the built
 * laravel/dist/, and their render-service tests keep deadlines that a busy
 * machine misses). Each command's output is printed whole when it ends, with
 * its time; the exit status is 1 when any failed.
 */
import { spawn } from 'node:child_process';

const AT_ONCE = ['npm run -s typecheck', 'npm run -s lint', 'node scripts/size.mjs --both --budgets'];
const THEN = 'npm run -s test:php';

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
async function check(command) {
  const since = Date.now();
  const { code, output } = await run(command);
  process.stdout.write(`\n> ${command} (${code === 0 ? 'passed' : `FAILED, exit ${code}`}, ${seconds(since)})\n${output}`);
  return code === 0;
}

const results = await Promise.all(AT_ONCE.map(check));
if (results.every(Boolean)) results.push(await check(THEN));
console.log(`\nchecks: ${results.every(Boolean) ? 'passed' : 'FAILED'} in ${seconds(started)}`);
process.exit(results.every(Boolean) ? 0 : 1);
