/**
 * The demo's field data (issue 38): the beacons of the demo pages (their fieldData endpoint,
 * /storefront/field-data) go to the plain-PHP receiver, run with the `php` command
 * (php/storefront-field-data.php receive), so the checks, aggregates and report are the PHP ones, not
 * written again here; /field-report serves its HTML report (report --html=-). Without `php`, a beacon
 * gets 503 and the report page says so in one line; the rest of the demo runs.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIELD_DATA_PATH = '/storefront/field-data';
export const FIELD_REPORT_PATH = '/field-report';
const RECEIVER = join(dirname(fileURLToPath(import.meta.url)), '../php/storefront-field-data.php');
/** The receiver's size cap: a byte over it is enough for PHP to refuse the body (413). */
const MAX_BYTES = 16384;
const NO_PHP = 'The field report needs the php command (PHP 7.4 or later), which this machine does not have.';

/**
 * Runs the receiver: its stdout and exit status; null when `php` is missing.
 * @param {string[]} args
 * @param {Buffer} [input]
 * @returns {Promise<{ out: string, code: number } | null>}
 */
function php(args, input) {
  return new Promise((done) => {
    const child = spawn(process.env.PHP ?? 'php', [RECEIVER, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', () => done(null)); // ENOENT: no php
    child.on('close', (code) => done({ out, code: code ?? 1 }));
    child.stdin.on('error', () => {}); // php gone before reading: its exit says it
    child.stdin.end(input);
  });
}

/** The request's body, at most `limit` bytes of it. */
async function bodyOf(req, limit) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    if (size < limit) chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

let saidNoPhp = false;

/**
 * Answers the field-data routes; false for any other request.
 * `file`: the aggregates (default: a file of the temp folder); `perMinute`: beacons a client may send a minute.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ file?: string, perMinute?: number }} [options]
 */
export async function answerFieldData(req, res, { file = join(tmpdir(), 'storefront-demo-field-data.json'), perMinute = 30 } = {}) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const text = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
  if (url.pathname === FIELD_DATA_PATH && req.method === 'POST') {
    const body = await bodyOf(req, MAX_BYTES + 1);
    const type = String(req.headers['content-type'] ?? '');
    const ran = await php(['receive', `--content-type=${type}`, `--client=${req.socket.remoteAddress ?? ''}`, `--file=${file}`, `--per-minute=${perMinute}`], body);
    if (ran === null && !saidNoPhp) console.error('Demo server: field data not received: no php command (PHP 7.4 or later) here.');
    saidNoPhp = ran === null;
    const [status, ...line] = (ran?.code === 0 ? ran.out : '503\nField data is off.\n').split('\n');
    res.writeHead(Number(status), text).end(line.join('\n'));
    return true;
  }
  if (url.pathname === FIELD_REPORT_PATH && req.method === 'GET') {
    const days = ['from', 'to'].filter((k) => /^\d{4}-\d\d-\d\d$/.test(url.searchParams.get(k) ?? '')).map((k) => `--${k}=${url.searchParams.get(k)}`);
    const ran = await php(['report', '--html=-', `--file=${file}`, ...days]);
    // The report is one page with its own inline style and no script: a policy of its own.
    const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" };
    const line = (text) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>Field report</title><p>${text}</p></html>\n`;
    if (ran === null) res.writeHead(200, headers).end(line(NO_PHP));
    else if (ran.code !== 0) res.writeHead(400, headers).end(line('?from and ?to are days such as 2026-11-28.'));
    else res.writeHead(200, headers).end(ran.out);
    return true;
  }
  return false;
}
