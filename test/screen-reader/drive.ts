/**
 * Driving a page as a screen-reader user does: keys as real X input
 * (session.ts), the focus read back from Chromium's accessibility tree to
 * know where the keys got to, and what the reader said (transcript.ts).
 */
import type { Page } from 'playwright-core';
import { focusedNode, type AXNode } from '../browser/a11y';
import type { Reader } from './session';
import { until } from './session';
import { Transcript } from './transcript';

/** Counts focus moves in every page of the context: a Tab is done once the focus has moved. */
export const COUNT_FOCUS = () => {
  (window as any).__focusMoves = 0;
  addEventListener('focusin', () => (window as any).__focusMoves++, true);
};

export const is = (role: string, name: string | RegExp) => (n: AXNode) => n.role === role && (typeof name === 'string' ? n.name === name : name.test(n.name));

export class Shopper {
  readonly heard: Transcript;
  constructor(
    readonly reader: Reader,
    public page: Page,
  ) {
    this.heard = new Transcript(reader.speech);
  }

  private moves = () => this.page.evaluate(() => (window as any).__focusMoves as number);

  /** A key that moves the focus (Tab, shift+Tab, an arrow in a list): resolves once it has moved. */
  async move(key: string): Promise<AXNode | null> {
    const before = await this.moves();
    this.heard.mark();
    await this.reader.key(key);
    await until(`the focus moving on ${key}`, async () => (await this.moves()) > before, 5_000);
    return focusedNode(this.page);
  }

  /** Tab to what `accept` wants, unless the focus is there already (a dialog may put it there, or on its title). */
  async reach(accept: (node: AXNode) => boolean, what: string): Promise<void> {
    const node = await focusedNode(this.page);
    if (!node || !accept(node)) await this.moveTo('Tab', accept, what);
  }

  /** Presses `key` until the focus is on what `accept` wants. */
  async moveTo(key: string, accept: (node: AXNode) => boolean, what: string, max = 80): Promise<void> {
    for (let i = 0; i < max; i++) {
      const node = await this.move(key);
      if (node && accept(node)) return;
    }
    throw new Error(`${key} never reached ${what}`);
  }

  /** Presses keys (xdotool names); the caller waits for what they do. */
  key(...keys: string[]): Promise<void> {
    this.heard.mark();
    return this.reader.key(...keys);
  }

  type(text: string): Promise<void> {
    this.heard.mark();
    return this.reader.type(text);
  }

  /** Waits until the focus is on what `accept` wants (the page moved it: a dialog opened or closed). */
  focusOn(accept: (node: AXNode) => boolean, what: string): Promise<AXNode> {
    return until(`the focus on ${what}`, async () => {
      const node = await focusedNode(this.page);
      return node && accept(node) ? node : null;
    });
  }

  /**
   * Waits until Orca has switched to focus mode (it says so), as it does when the focus lands on
   * a field: until then it takes letters and arrows as its own browse-mode commands, not the page's.
   */
  async focusMode(mode: 'Focus mode' | 'Browse mode' = 'Focus mode'): Promise<void> {
    // Orca starts a page in browse mode, and says each switch.
    const now = () => this.reader.speech.said.findLast((u) => /^(Focus|Browse) mode$/.test(u.text))?.text ?? 'Browse mode';
    await until(`Orca in ${mode}`, () => now() === mode, 5_000);
  }

  /** Orca's browse-mode key for the next heading, pressed until it says `heading`: how a reader user skips down a page. */
  async toHeading(heading: RegExp, max = 10): Promise<void> {
    await this.focusMode('Browse mode');
    for (let i = 0; i < max; i++) {
      const from = this.reader.speech.said.length;
      await this.key('h');
      const said = await until('Orca reading a heading', () => this.reader.speech.said.slice(from).find((u) => /heading/.test(u.text)), 5_000);
      if (heading.test(said.text)) return;
    }
    throw new Error(`h never reached ${heading}`);
  }

  /** Waits until the page shows `selector` (visible), a state the step waits for before it listens. */
  async shows(selector: string): Promise<void> {
    await this.page.locator(selector).filter({ visible: true }).first().waitFor();
  }
}
