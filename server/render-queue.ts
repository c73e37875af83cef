/**
 * The queue of renders (deadline.ts): first come first served, one per turn
 * of the event loop, each started only when it can still end by its deadline.
 */

/**
 * Turns of the event loop taken, at most, between two renders to take in what
 * came meanwhile (drain below), and how long they may take: a flood of
 * requests must not keep the worker from rendering.
 */
const MAX_DRAIN_TURNS = 64;
const MAX_DRAIN_MS = 2;

/** A render waiting in the queue (RenderQueue says what each part is). */
export interface RenderJob {
  deadline: number;
  cost: number;
  gone(): boolean;
  shed(): void;
  run(): void;
  /** ms from the start of its render to the next turn of the queue */
  took?(ms: number): void;
}

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
  private readonly now: () => number;
  private readonly defer: (run: () => void) => void;
  private jobs: (RenderJob | undefined)[] = [];
  private head = 0;
  /** ms of work queued (expected) */
  queued = 0;
  private runningSince: number | undefined = undefined;
  /** the job whose turn began at runningSince */
  private running: RenderJob | undefined = undefined;
  private scheduled = false;
  /** connections and requests that came in, and how many the last turn had seen */
  private arrivals = 0;
  private seen = 0;
  private drainTurns = 0;
  private drainSince: number | undefined = undefined;

  constructor({ now, defer = setImmediate }: { now: () => number; defer?: (run: () => void) => void }) {
    this.now = now;
    this.defer = defer;
  }

  /** A connection or a request came in: the loop turns again before the next render, to take in any other. */
  arrived(): void {
    this.arrivals++;
  }

  /** When a request seen now came in, at the earliest: while a render runs the loop sees nothing, so since it began. */
  arrival(): number {
    return this.runningSince ?? this.now();
  }

  /** Runs the next job in a later turn of the event loop, and so on until none is left. */
  schedule(): void {
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
      if (ran) ran.took?.(this.now() - this.runningSince!);
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

  get length(): number {
    return this.jobs.length - this.head;
  }

  /** Whether a render of `cost` ms, put behind the queue now, ends by `deadline`. */
  fits(deadline: number, cost: number): boolean {
    return this.now() + this.queued + cost <= deadline;
  }

  /** Queues `job`; false (and not queued) when it cannot end by its deadline behind the others. */
  add(job: RenderJob): boolean {
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
  next(): RenderJob | undefined {
    while (this.length > 0) {
      const job = this.jobs[this.head]!;
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
