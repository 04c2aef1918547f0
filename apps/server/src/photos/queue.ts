import { HttpError } from '../http/errors';

/**
 * Runs jobs one at a time, in order, with at most `capacity` of them in the queue (the running one included);
 * one more is refused at once (503) instead of holding its upload in memory behind a long line.
 */
export class WorkQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private queued = 0;

  constructor(readonly capacity: number) {}

  get length(): number {
    return this.queued;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    if (this.queued >= this.capacity)
      return Promise.reject(
        new HttpError(
          503,
          'The shop is busy converting other photos. Try this one again in a minute.',
          'SERVICE_UNAVAILABLE',
        ),
      );
    this.queued += 1;
    const turn = this.tail.then(job, job).finally(() => {
      this.queued -= 1;
    });
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}
