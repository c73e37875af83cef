/**
 * Deadlines: PHP waits so long for its answer and no longer (it sends how
 * long as `X-Storefront-Timeout: <ms>`), so a render that cannot finish
 * before then is never started: its request is answered at once with empty
 * hooks (the page renders them in the browser). Renders wait in a queue,
 * first come first served; a request whose render, behind those queued,
 * would end after its deadline is answered empty as it arrives, and one
 * whose deadline has come too close while it waited, or whose client left,
 * is dropped before its render starts. What a render takes is expected from
 * the recent ones (RenderTimes). Clock and expectation are inputs, so the
 * rules are tested without timing.
 */

export const TIMEOUT_HEADER = 'x-storefront-timeout';
/** What the Laravel package waits unless configured (`storefront.ssr.timeout`, laravel/config/storefront.php). */
export const DEFAULT_TIMEOUT_MS = 200;
const MAX_TIMEOUT_MS = 60_000;

/** A header's value as a whole number (the first when it came twice); undefined when it is not one. */
function wholeNumberOf(value) {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && /^\s*\d+\s*$/.test(text) ? Number(text) : undefined;
}

/** The caller's timeout in ms from the header's value: a whole number 1–60000; anything else (or none): the default. */
export function timeoutOf(value, fallback = DEFAULT_TIMEOUT_MS) {
  const ms = wholeNumberOf(value);
  return ms !== undefined && ms >= 1 && ms <= MAX_TIMEOUT_MS ? ms : fallback;
}

export const HOOKS_HEADER = 'x-storefront-hooks';

/**
 * How many hooks the caller says its body holds (`X-Storefront-Hooks`, the
 * PHP clients send it), so a request refused under load is answered without
 * reading its body: a whole number 0–`max`; anything else (or none):
 * undefined, and the hooks are counted from the body.
 */
export function hookCountOf(value, max) {
  const count = wholeNumberOf(value);
  return count !== undefined && count <= max ? count : undefined;
}

/**
 * The time kept back from the caller's timeout for the answer to be written,
 * travel and be read, and for a pause of either process (a request that
 * waited unseen behind a render, a garbage collection, a machine that took
 * the core): a fifth of it, at least 2 ms. Under 4× overload on a shared
 * machine, a tenth let answers come up to 8 ms late, written 173–180 ms after
 * they came (of 200) and read 25–30 ms later, or written late by a pause of
 * the worker. Under overload this shortens the queue, not the renders a second.
 */
export const marginOf = (timeoutMs) => Math.max(2, timeoutMs / 5);

/** By when the answer must be written: the request's arrival plus the caller's timeout, less the margin. */
export const deadlineOf = (arrival, timeoutMs) => arrival + timeoutMs - marginOf(timeoutMs);

/**
 * What a render is expected to take, from the recent ones: ms per byte of
 * request body (renders grow with the props: cards, hooks), as moving
 * averages of the time and of the bytes, so big requests weigh more than
 * small ones and one slow render moves it a little.
 */
export class RenderTimes {
  /** @param {{msPerKb?: number, weight?: number}} [options] the rate before any render; the weight of a new render */
  constructor({ msPerKb = 0.15, weight = 0.1 } = {}) {
    this.weight = weight;
    this.ms = msPerKb;
    this.bytes = 1024;
    this.count = 0;
  }

  /** ms expected for a request of `bytes` */
  expected(bytes) {
    return (this.ms / this.bytes) * bytes;
  }

  /**
   * A render of a request of `bytes` took `ms`. One that took more than twice
   * what was expected counts as twice: a render the machine paused (another
   * process on the core) moves the expectation, but not by all of its pause.
   */
  record(bytes, ms) {
    // The first one replaces the starting guess at once.
    const weight = this.count++ === 0 ? 1 : this.weight;
    const taken = this.count === 1 ? ms : Math.min(ms, 2 * this.expected(bytes));
    this.ms += weight * (taken - this.ms);
    this.bytes += weight * (Math.max(1, bytes) - this.bytes);
  }

  /**
   * Expect a tenth less: called when a request is refused with nothing
   * queued, so an expectation grown too high (renders measured while the
   * machine was busy) cannot refuse every request, and so never be measured
   * again; it comes down until a render starts and is measured.
   */
  relax() {
    this.ms *= 0.9;
  }
}

/**
 * Turns of the event loop taken, at most, between two renders to take in what
 * came meanwhile (drain below), and how long they may take: a flood of
 * requests must not keep the worker from rendering.
 */
const MAX_DRAIN_TURNS = 64;
const MAX_DRAIN_MS = 2;

/**
 * The renders waiting for the worker, first come first served, run one per
 * turn of the event loop (`defer`), so the requests and closed connections
 * that came in meanwhile are seen before the next one starts. Node takes in
 * one new connection per turn of its loop, so a render waits until a turn
 * sees nothing come in (`arrived()`: a connection, a request): otherwise a
 * caller that opens a connection per request (PHP) waits unseen in the
 * system's queue of connections, one taken in per render, and its request
 * is judged against its deadline only when it is already late.
 * A job: `{deadline, cost, gone(), shed(), run(), took?(ms)}`: the answer's
 * deadline and the expected render time (ms, as `now`), whether its client
 * closed the connection, answering it with empty hooks, rendering it, and
 * what its turn took: from its render's start to the next turn, so the
 * requests the loop read and refused meanwhile count too. Under overload
 * those are most requests; a queue that expected the renders alone admitted
 * more than it could serve by their deadlines.
 */
export class RenderQueue {
  /** @param {{now: () => number, defer?: (run: () => void) => void}} clock */
  constructor({ now, defer = setImmediate }) {
    this.now = now;
    this.defer = defer;
    this.jobs = [];
    this.head = 0;
    /** ms of work queued (expected) */
    this.queued = 0;
    this.runningSince = undefined;
    /** the job whose turn began at runningSince */
    this.running = undefined;
    this.scheduled = false;
    /** connections and requests that came in, and how many the last turn had seen */
    this.arrivals = 0;
    this.seen = 0;
    this.drainTurns = 0;
    this.drainSince = undefined;
  }

  /** A connection or a request came in: the loop turns again before the next render, to take in any other. */
  arrived() {
    this.arrivals++;
  }

  /** When a request seen now came in, at the earliest: while a render runs the loop sees nothing, so since it began. */
  arrival() {
    return this.runningSince ?? this.now();
  }

  /** Runs the next job in a later turn of the event loop, and so on until none is left. */
  schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    this.defer(() => {
      this.scheduled = false;
      if (this.arrivals !== this.seen && this.length > 0) {
        this.drainSince ??= this.now();
        if (++this.drainTurns <= MAX_DRAIN_TURNS && this.now() - this.drainSince < MAX_DRAIN_MS) {
          this.seen = this.arrivals;
          this.schedule();
          return;
        }
      }
      this.seen = this.arrivals;
      this.drainTurns = 0;
      this.drainSince = undefined;
      const ran = this.running;
      if (ran) ran.took?.(this.now() - this.runningSince);
      this.running = this.runningSince = undefined;
      const job = this.next();
      if (!job) return;
      this.runningSince = this.now();
      this.running = job;
      try {
        job.run();
      } finally {
        this.schedule();
      }
    });
  }

  get length() {
    return this.jobs.length - this.head;
  }

  /** Whether a render of `cost` ms, put behind the queue now, ends by `deadline`. */
  fits(deadline, cost) {
    return this.now() + this.queued + cost <= deadline;
  }

  /** Queues `job`; false (and not queued) when it cannot end by its deadline behind the others. */
  add(job) {
    if (!this.fits(job.deadline, job.cost)) return false;
    this.jobs.push(job);
    this.queued += job.cost;
    this.schedule();
    return true;
  }

  /**
   * The next job to render now, or undefined. The ones before it whose client
   * left are dropped unanswered; those that can no longer end by their
   * deadline are answered empty (`shed()`), neither started.
   */
  next() {
    while (this.length > 0) {
      const job = this.jobs[this.head];
      this.jobs[this.head++] = undefined;
      this.queued = this.length > 0 ? Math.max(0, this.queued - job.cost) : 0;
      if (this.head > 1024 && this.head * 2 > this.jobs.length) {
        this.jobs = this.jobs.slice(this.head);
        this.head = 0;
      }
      if (job.gone()) continue;
      if (this.now() + job.cost > job.deadline) {
        job.shed();
        continue;
      }
      return job;
    }
    return undefined;
  }
}

/**
 * The number of items of the body's top-level `"hooks"` list, read from the
 * bytes without building the rest (what answering a request with empty hooks
 * needs): undefined when the body has none or is not JSON this reads (then
 * the full parse says why).
 * @param {Uint8Array} bytes
 */
export function countHooks(bytes) {
  const QUOTE = 0x22;
  const BACKSLASH = 0x5c;
  let depth = 0;
  let keyIsHooks = false; // the last key at depth 1 was "hooks"
  let expectKey = false;
  let inHooks = false;
  let expectItem = false;
  let count;
  let items = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (inHooks && depth === 2 && expectItem && c !== 0x5d) {
      items++;
      expectItem = false;
    }
    if (c === QUOTE) {
      const start = i + 1;
      do i++;
      while (i < bytes.length && bytes[i] !== QUOTE && (bytes[i] !== BACKSLASH || ++i));
      if (i >= bytes.length) return undefined;
      if (depth === 1 && expectKey) {
        keyIsHooks = i - start === 5 && bytes[start] === 0x68 && bytes[start + 1] === 0x6f && bytes[start + 2] === 0x6f && bytes[start + 3] === 0x6b && bytes[start + 4] === 0x73;
        expectKey = false;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (depth === 1 && keyIsHooks) {
        if (c !== 0x5b) return undefined;
        inHooks = true;
        expectItem = true;
        items = 0;
      }
      depth++;
      if (depth === 1) expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth < 0) return undefined;
      if (inHooks && depth === 1) {
        inHooks = false;
        count = items;
      }
    } else if (c === 0x2c) {
      if (depth === 1) {
        expectKey = true;
        keyIsHooks = false;
      } else if (inHooks && depth === 2) expectItem = true;
    } else if (c !== 0x3a && depth === 1 && keyIsHooks) return undefined; // "hooks" is not a list
  }
  return depth === 0 ? count : undefined;
}
