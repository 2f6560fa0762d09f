// Prefetching what a link leads to (a table's metadata when its link is pointed at or
// focused), so that the page opens at once: at most MAX_PREFETCH prefetches run at the same
// time, the others wait their turn (the latest first, the oldest dropped past MAX_WAITING),
// and each thing is prefetched once.

export const MAX_PREFETCH = 5;
export const MAX_WAITING = 20;

export class PrefetchQueue {
  private running = 0;
  private waiting: { key: string; run: () => Promise<unknown> }[] = [];
  private seen = new Set<string>();

  constructor(private readonly limit = MAX_PREFETCH, private readonly maxWaiting = MAX_WAITING) {}

  /** How many prefetches run now. */
  get active(): number {
    return this.running;
  }

  /** Prefetch `key` with `run`, unless it was asked for already. */
  add(key: string, run: () => Promise<unknown>): void {
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.waiting.push({ key, run });
    if (this.waiting.length > this.maxWaiting) this.seen.delete(this.waiting.shift()!.key);
    this.next();
  }

  /** Forget `key`, so that it may be prefetched again (its data changed). */
  forget(key: string): void {
    this.seen.delete(key);
  }

  private next(): void {
    while (this.running < this.limit && this.waiting.length > 0) {
      const { run } = this.waiting.pop()!;
      this.running += 1;
      const done = () => {
        this.running -= 1;
        this.next();
      };
      run().then(done, done);
    }
  }
}
