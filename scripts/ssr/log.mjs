/**
 * The render service's log: one line per request that has something to say
 * (the dropped fields counted by widget and field, the empty hooks and why),
 * and at most so many lines a second, so a flood of bad requests cannot
 * flood stderr; what was held back is counted in one line.
 */

/** `dropped item "products.3" (field "price": …)` → `dropped item "products.*" (field "price": …)`: one kind per field path. */
export function noteKind(note) {
  return note.replace(/"([^"]*)"/g, (_, path) => `"${path.replace(/(^|\.)\d+(?=\.|$)/g, '$1*')}"`);
}

const MAX_KINDS = 5;
const MAX_EMPTY = 3;

/** Collects what one request's hooks report, for one line. */
export class RequestReport {
  constructor() {
    /** @type {Map<string, number>} "widget: kind" → count */
    this.dropped = new Map();
    this.droppedTotal = 0;
    /** @type {string[]} */
    this.empty = [];
    this.emptyTotal = 0;
    /** @type {Map<string, number>} other renderer messages (a bad config key) */
    this.notes = new Map();
  }

  drop(widget, notes) {
    for (const note of notes) {
      const kind = `${widget}: ${noteKind(note)}`;
      this.dropped.set(kind, (this.dropped.get(kind) ?? 0) + 1);
    }
    this.droppedTotal += notes.length;
  }

  leftEmpty(reason) {
    this.emptyTotal++;
    if (this.empty.length < MAX_EMPTY) this.empty.push(reason);
  }

  note(text) {
    this.notes.set(text, (this.notes.get(text) ?? 0) + 1);
  }

  get quiet() {
    return this.droppedTotal === 0 && this.emptyTotal === 0 && this.notes.size === 0;
  }

  /** The one line, or '' when the request went without a problem. */
  line(prefix, hookCount) {
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
const oneLineOf = (text) => {
  const line = text.replace(/\s*\n\s*/g, ' ');
  return line.length > LINE_LIMIT ? `${line.slice(0, LINE_LIMIT - 1)}…` : line;
};

/**
 * `write` at most `perSecond` times a second; the lines over it are counted
 * and said in one line when the second is over.
 * @param {(line: string) => void} write
 * @param {number} perSecond
 * @param {() => number} [now] ms
 */
export function rateLimited(write, perSecond, now = () => Date.now()) {
  let windowStart = now();
  let written = 0;
  let suppressed = 0;
  let timer;
  const flush = () => {
    timer = undefined;
    if (suppressed) write(`${suppressed} log line${suppressed === 1 ? '' : 's'} suppressed (over ${perSecond} a second)`);
    suppressed = 0;
    windowStart = now();
    written = 0;
  };
  const limited = (line) => {
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
  limited.flush = () => {
    if (timer) clearTimeout(timer);
    flush();
  };
  return limited;
}

/**
 * Requests answered empty without rendering (their deadline, a warm-up), said
 * in one line at once and then at most one a second, counted by reason: under
 * overload most requests end so, and one line each would cost a share of the
 * renders.
 * @param {(line: string) => void} write
 */
export function shedSummary(write) {
  const reasons = new Map();
  let timer;
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
