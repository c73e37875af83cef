/**
 * What a render is expected to take (deadline.ts): the queue admits a
 * request only when its render, so expected, ends before its deadline.
 */

/**
 * What a render is expected to take, from the recent ones: ms per byte of
 * request body (renders grow with the props: cards, hooks), as moving
 * averages of the time and of the bytes, so big requests weigh more than
 * small ones and one slow render moves it a little.
 */
export class RenderTimes {
  private readonly weight: number;
  private ms: number;
  private bytes = 1024;
  private count = 0;

  /** @param options the rate before any render; the weight of a new render */
  constructor({ msPerKb = 0.15, weight = 0.1 }: { msPerKb?: number; weight?: number } = {}) {
    this.weight = weight;
    this.ms = msPerKb;
  }

  /** ms expected for a request of `bytes` */
  expected(bytes: number): number {
    return (this.ms / this.bytes) * bytes;
  }

  /**
   * A render of a request of `bytes` took `ms`. One that took more than twice
   * what was expected counts as twice: a render the machine paused (another
   * process on the core) moves the expectation, but not by all of its pause.
   */
  record(bytes: number, ms: number): void {
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
  relax(): void {
    this.ms *= 0.9;
  }
}
