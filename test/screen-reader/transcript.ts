/**
 * What the reader said, cut into the journey's steps, and the checks on it.
 * A check that fails is written down, not thrown, so that one run shows
 * every problem of the journey; the test asserts the list once at the end,
 * with the whole transcript in the failure.
 *
 * Phrases are matched within one utterance (`includes`, or a RegExp): Orca
 * joins a control's name, role and state into one ("Add to cart push button.").
 */
import type { Speech } from './speech';

export type Phrase = string | RegExp;

const has = (text: string, phrase: Phrase) => (typeof phrase === 'string' ? text.includes(phrase) : phrase.test(text));

interface Step {
  name: string;
  from: number;
  to?: number;
}

export class Transcript {
  readonly problems: string[] = [];
  readonly steps: Step[] = [];
  /** Where `hears` looks from: the last key pressed, or just past the last phrase it found. */
  private cursor = 0;

  constructor(readonly speech: Speech) {}

  /** Starts a step: what is said from now on is its own (until the next step starts). */
  step(name: string): void {
    this.end();
    this.steps.push({ name, from: this.speech.said.length });
    this.mark();
  }

  /** What is said from now on answers what comes next (a key about to be pressed). */
  mark(): void {
    this.cursor = this.speech.said.length;
  }

  /** Ends the current step (the next one or the journey's end does it). */
  end(): void {
    const last = this.steps.at(-1);
    if (last && last.to === undefined) last.to = this.speech.said.length;
  }

  private get current(): Step {
    const step = this.steps.at(-1);
    if (!step) throw new Error('Transcript: no step started');
    return step;
  }

  /** The texts said in a step (the current one unless named). */
  texts(name?: string): string[] {
    const step = name ? this.steps.find((s) => s.name === name) : this.current;
    if (!step) return [];
    return this.speech.said.slice(step.from, step.to).map((u) => u.text);
  }

  /**
   * Waits until `phrase` is said after the last key (or after the last phrase heard: two calls
   * in a row hear two phrases in that order), polling the transcript up to `ms`; writes a
   * problem down if it never comes. Resolves whether it was heard.
   */
  async hears(phrase: Phrase, why: string, ms = 5_000): Promise<boolean> {
    const step = this.current;
    const end = Date.now() + ms;
    do {
      const i = this.speech.said.findIndex((u, n) => n >= this.cursor && has(u.text, phrase));
      if (i !== -1) return (this.cursor = i + 1), true;
      await new Promise((r) => setTimeout(r, 50)); // a poll interval of the transcript
    } while (Date.now() < end);
    this.problems.push(`${step.name}: ${why}: never heard ${String(phrase)}`);
    return false;
  }

  /** Waits until every phrase is said after the last key, in any order (two live regions may speak in either). */
  async hearsAll(phrases: Phrase[], why: string, ms = 5_000): Promise<void> {
    const from = this.cursor;
    let last = from;
    for (const phrase of phrases) {
      this.cursor = from;
      if (await this.hears(phrase, why, ms)) last = Math.max(last, this.cursor);
    }
    this.cursor = last;
  }

  /** How many utterances of the step (or of the whole journey: `everywhere`) hold `phrase`. */
  count(phrase: Phrase, everywhere = false): number {
    const texts = everywhere ? this.speech.said.slice(this.steps[0]?.from ?? 0).map((u) => u.text) : this.texts();
    return texts.filter((t) => has(t, phrase)).length;
  }

  /** Writes a problem down unless the step (or the journey) said `phrase` exactly `times`. */
  said(phrase: Phrase, times: number, why: string, everywhere = false): void {
    const n = this.count(phrase, everywhere);
    if (n !== times) this.problems.push(`${everywhere ? 'the whole journey' : this.current.name}: ${why}: ${String(phrase)} heard ${n} times, not ${times}`);
  }

  /** Writes a problem down if the step said `first` more than once, or after `then`. */
  saidBefore(first: Phrase, then: Phrase, why: string): void {
    const texts = this.texts();
    const at = texts.findIndex((t) => has(t, first));
    const times = this.count(first);
    if (times > 1 || (at !== -1 && at > texts.findIndex((t) => has(t, then)))) this.problems.push(`${this.current.name}: ${why}: ${String(first)} heard ${times} times, or after ${String(then)}`);
  }

  /** The transcript, step by step, with each utterance's time: what a failure prints. */
  toString(): string {
    const start = this.steps[0]?.from ?? 0;
    const lines: string[] = [];
    for (const step of this.steps) {
      lines.push(`— ${step.name}`);
      for (const u of this.speech.said.slice(step.from, step.to)) lines.push(`  ${(u.at / 1000).toFixed(1).padStart(6)} s  ${u.text}`);
    }
    if (!this.steps.length) lines.push(...this.speech.said.slice(start).map((u) => `  ${u.text}`));
    return lines.join('\n');
  }
}
