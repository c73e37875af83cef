/**
 * The render service's log: one line per request that has something to say
 * (the dropped fields counted by widget and field, the empty hooks and why),
 * and at most so many lines a second, so a flood of bad requests cannot
 * flood stderr; what was held back is counted in one line.
 */

/** `dropped item "products.3" (field "price": …)` → `dropped item "products.*" (field "price": …)`: one kind per field path. */
export function noteKind(note: string): string {
  return note.replace(/"([^"]*)"/g, (_, path: string) => `"${path.replace(/(^|\.)\d+(?=\.|$)/g, '$1*')}"`);
}

const MAX_KINDS = 5;
const MAX_EMPTY = 3;

/** Collects what one request's hooks report, for one line. */
export class RequestReport {
  /** "widget: kind" → count */
  dropped = new Map<string, number>();
  droppedTotal = 0;
  empty: string[] = [];
  emptyTotal = 0;
  /** other renderer messages (a bad config key) */
  notes = new Map<string, number>();

  drop(widget: string, notes: string[]): void {
    for (const note of notes) {
      const kind = `${widget}: ${noteKind(note)}`;
      this.dropped.set(kind, (this.dropped.get(kind) ?? 0) + 1);
    }
    this.droppedTotal += notes.length;
  }

  leftEmpty(reason: string): void {
    this.emptyTotal++;
    if (this.empty.length < MAX_EMPTY) this.empty.push(reason);
  }

  note(text: string): void {
    this.notes.set(text, (this.notes.get(text) ?? 0) + 1);
  }

  get quiet(): boolean {
    return this.droppedTotal === 0 && this.emptyTotal === 0 && this.notes.size === 0;
  }

  /** The one line, or '' when the request went without a problem. */
  line(prefix: string, hookCount: number): string {
    if (this.quiet) return '';
    const parts = [`${prefix}: ${hookCount} hook${hookCount === 1 ? '' : 's'}`];
    if (this.emptyTotal) {
      const more = this.emptyTotal - this.empty.length;
      parts.push(`${this.emptyTotal} left empty (${this.empty.join('; ')}${more ? `; ${more} more` : ''})`);
    }
    if (this.droppedTotal) {
      const kinds = [...this.dropped].sort((a, b) => b[1] - a[1]);
      const shown = kinds.slice(0, MAX_KINDS).map(([kind, count]) => `${kind} ×${count}`);
      if (kinds.length > MAX_KINDS) shown.push(`${kinds.length - MAX_KINDS} more kinds`);
      parts.push(`${this.droppedTotal} dropped from the props (${shown.join('; ')})`);
    }
    if (this.notes.size) {
      const notes = [...this.notes].slice(0, MAX_KINDS).map(([text, count]) => (count > 1 ? `${text} ×${count}` : text));
      parts.push(`renderer: ${notes.join('; ')}`);
    }
    return oneLineOf(parts.join(', '));
  }
}

const LINE_LIMIT = 2000;
const oneLineOf = (text: string): string => {
  const line = text.replace(/\s*\n\s*/g, ' ');
  return line.length > LINE_LIMIT ? `${line.slice(0, LINE_LIMIT - 1)}…` : line;
};

/**
 * `write` at most `perSecond` times a second; the lines over it are counted
 * and said in one line when the second is over.
 * `now`: the clock in ms.
 */
export function rateLimited(write: (line: string) => void, perSecond: number, now: () => number = () => Date.now()): ((line: string) => void) & { flush(): void } {
  let windowStart = now();
  let written = 0;
  let suppressed = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (suppressed) write(`${suppressed} log line${suppressed === 1 ? '' : 's'} suppressed (over ${perSecond} a second)`);
    suppressed = 0;
    windowStart = now();
    written = 0;
  };
  const limited = (line: string): void => {
    if (now() - windowStart >= 1000) {
      if (timer) clearTimeout(timer);
      flush();
    }
    if (written < perSecond) {
      written++;
      write(line);
      return;
    }
    suppressed++;
    if (!timer) {
      timer = setTimeout(flush, Math.max(0, 1000 - (now() - windowStart)));
      timer.unref?.();
    }
  };
  return Object.assign(limited, {
    flush: () => {
      if (timer) clearTimeout(timer);
      flush();
    },
  });
}

/**
 * Requests answered empty without rendering (their deadline, a warm-up), said
 * in one line at once and then at most one a second, counted by reason: under
 * overload most requests end so, and one line each would cost a share of the
 * renders.
 */
export function shedSummary(write: (line: string) => void): (why: string) => void {
  const reasons = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const say = () => {
    const total = [...reasons.values()].reduce((a, b) => a + b, 0);
    if (total) write(`${total} request${total === 1 ? '' : 's'} answered with empty hooks, not rendered: ${[...reasons].map(([why, n]) => `${why} ×${n}`).join('; ')}`);
    reasons.clear();
  };
  return (why) => {
    reasons.set(why, (reasons.get(why) ?? 0) + 1);
    if (timer) return;
    say();
    timer = setTimeout(() => {
      timer = undefined;
      say();
    }, 1000);
    timer.unref?.();
  };
}
