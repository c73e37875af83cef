/**
 * A desktop of our own with a real screen reader in it, for the screen-reader
 * journey: a private D-Bus session, Xvfb on a free display, the accessibility
 * bus (at-spi2-core), the speech stand-in (speech.ts), GNOME Orca with
 * throwaway settings, and Debian's Chromium with a window on that display,
 * driven by Playwright for what the page states and by `xdotool` for keys:
 * real X input, which Orca hears as a shopper's keys (Playwright's keys go
 * to the page alone, past the reader).
 *
 * Nothing outside a temporary folder is read or written: HOME and the XDG
 * folders are in it, so the user's Orca preferences and session do not count.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from '../../scripts/chromium.mjs';
import { type Speech, startSpeech } from './speech';

const run = promisify(execFile);
const BUS_LAUNCHER = '/usr/libexec/at-spi-bus-launcher';
const NEEDS: [string, string][] = [
  ['/usr/bin/orca', 'orca'],
  ['/usr/bin/xdotool', 'xdotool'],
  ['/usr/bin/Xvfb', 'xvfb'],
  ['/usr/bin/dbus-daemon', 'dbus'],
  [BUS_LAUNCHER, 'at-spi2-core'],
  [DEBIAN_CHROMIUM, 'chromium'],
];

/** Why the reader cannot run on this machine (and how to install it), or '' when it can. */
export function missingReader(): string {
  const lacks = NEEDS.filter(([path]) => !existsSync(path));
  return lacks.length ? `no ${lacks.map(([p]) => p).join(', ')} (sudo scripts/browser-deps.sh, or apt-get install ${lacks.map(([, pkg]) => pkg).join(' ')})` : '';
}

/**
 * Orca's settings for a transcript that depends on the page alone: no key
 * echo (the keys are the test's, not the page's), no punctuation spoken, no
 * braille, sound or tutorial hints, messages in full; no Say All of a page
 * that loads (it would hold browse mode under the keys) and no page summary.
 */
const ORCA_SETTINGS = {
  enableKeyEcho: false,
  enableEchoByCharacter: false,
  enableEchoByWord: false,
  enableEchoBySentence: false,
  enableBraille: false,
  enableSound: false,
  enableTutorialMessages: false,
  enableMnemonicSpeaking: false,
  enablePositionSpeaking: false,
  presentToolTips: false,
  sayAllOnLoad: false,
  pageSummaryOnLoad: false,
  verbalizePunctuationStyle: 3, // PUNCTUATION_STYLE_NONE
  speechServerFactory: 'speechdispatcherfactory',
  enableSpeech: true,
};

export interface Reader {
  speech: Speech;
  browser: Browser;
  /** Real X key presses to the focused window, xdotool's names: `Tab`, `shift+Tab`, `Return`, `Escape`, `Down`. */
  key(...keys: string[]): Promise<void>;
  /** Real X key presses, one per character. */
  type(text: string): Promise<void>;
  /** Gives Chromium's window the X input focus (after Playwright opened or brought a page). */
  focusWindow(): Promise<void>;
  /** Orca's debug log (ORCA_DEBUG=<file>), or ''. */
  debugFile: string;
  close(): Promise<void>;
}

/** Starts `command` and resolves with the first line it writes to `fd`. */
function firstLine(command: string, args: string[], fd: 1 | 3, env?: NodeJS.ProcessEnv): Promise<[ChildProcess, string]> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'], detached: true });
    let out = '';
    let err = '';
    child.stdio[fd]!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve([child, out.split('\n')[0]!.trim()]);
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk));
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before it was ready: ${err.trim().split('\n').pop()}`)));
  });
}

/** Resolves when `promise` settles or after `ms`, whichever comes first: a teardown must not hang the run. */
const bounded = (promise: Promise<unknown>, ms: number) => Promise.race([promise.catch(() => {}), new Promise((r) => setTimeout(r, ms))]);

/** Ends a process and its group (the bus launcher's bus and registry too): TERM, then KILL if it lingers. */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      /* gone already */
    }
  };
  signal('SIGTERM');
  await bounded(exited, 3_000);
  signal('SIGKILL');
}

/** Polls `check` until it returns something truthy; fails after `ms` saying `what`. */
export async function until<T>(what: string, check: () => T | Promise<T>, ms = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50)); // a poll interval, not a wait for the thing itself
  }
}

export async function startReader(): Promise<Reader> {
  const dir = mkdtempSync(join(tmpdir(), 'sfw-reader-'));
  const home = join(dir, 'home');
  const prefs = join(dir, 'orca');
  for (const d of [home, prefs, join(dir, 'run')]) mkdirSync(d, { recursive: true, mode: 0o700 });
  const profile = { profile: ['Default', 'default'], pronunciations: {}, keybindings: {}, ...ORCA_SETTINGS };
  writeFileSync(join(prefs, 'user-settings.conf'), JSON.stringify({ general: { ...ORCA_SETTINGS }, profiles: { default: profile }, pronunciations: {}, keybindings: {} }));
  const children: ChildProcess[] = [];
  let speech: Speech | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await bounded(browser?.close() ?? Promise.resolve(), 10_000);
    for (const child of children.reverse()) await stop(child);
    await bounded(speech?.close() ?? Promise.resolve(), 3_000);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [bus, address] = await firstLine('dbus-daemon', ['--session', '--nofork', '--print-address=1'], 1);
    children.push(bus);
    const [xvfb, display] = await firstLine('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], 3);
    children.push(xvfb);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      LANG: 'C.UTF-8',
      HOME: home,
      XDG_RUNTIME_DIR: join(dir, 'run'),
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local/share'),
      XDG_CACHE_HOME: join(home, '.cache'),
      DISPLAY: `:${display}`,
      DBUS_SESSION_BUS_ADDRESS: address,
      SPEECHD_ADDRESS: `unix_socket:${join(dir, 'speech.sock')}`,
      ACCESSIBILITY_ENABLED: '1',
    };
    const launcher = spawn(BUS_LAUNCHER, ['--launch-immediately'], { env, stdio: 'ignore', detached: true });
    children.push(launcher);
    const dbus = (...args: string[]) => run('dbus-send', ['--session', '--print-reply', '--dest=org.a11y.Bus', '/org/a11y/bus', ...args], { env });
    await until('the accessibility bus', () => dbus('org.a11y.Bus.GetAddress').then(() => true, () => false));
    await dbus('org.freedesktop.DBus.Properties.Set', 'string:org.a11y.Status', 'string:IsEnabled', 'variant:boolean:true');

    speech = await startSpeech(join(dir, 'speech.sock'));
    // ORCA_DEBUG=<file>: Orca's own log of what it heard and why it spoke, kept after the run.
    const debugFile = process.env.ORCA_DEBUG ?? '';
    const debug = debugFile ? ['--debug-file', debugFile] : [];
    // Not --replace: that kills every Orca of this user (pgrep), a developer's own reader too. Orca
    // then refuses to start beside another one, and says so.
    const orca = spawn('orca', ['--user-prefs', prefs, ...debug], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.push(orca);
    let said = '';
    orca.stdout!.on('data', (chunk: Buffer) => (said += chunk));
    orca.stderr!.on('data', (chunk: Buffer) => (said += chunk));
    const started = speech;
    await until('Orca speaking', () => started.said.length > 0 || orca.exitCode !== null);
    if (orca.exitCode !== null) throw new Error(`orca exited (${orca.exitCode}): ${said.trim().split('\n').pop()}`);

    browser = await chromium.launch({
      executablePath: DEBIAN_CHROMIUM,
      headless: false,
      args: [...CHROMIUM_ARGS, '--force-renderer-accessibility', '--window-position=0,0', '--window-size=1280,1000'],
      env: env as Record<string, string>,
    });
    const xdotool = (...args: string[]) => run('xdotool', args, { env }).then((r) => r.stdout.trim());
    return {
      speech,
      browser,
      debugFile,
      close,
      key: async (...keys) => void (await xdotool('key', '--delay', '40', ...keys)),
      type: async (text) => void (await xdotool('type', '--delay', '60', text)),
      async focusWindow() {
        const ids = (await xdotool('search', '--sync', '--onlyvisible', '--class', 'chromium')).split('\n');
        await xdotool('windowfocus', '--sync', ids[ids.length - 1]!);
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
