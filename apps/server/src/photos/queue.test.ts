import { describe, expect, it } from 'vitest';
import { WorkQueue } from './queue';

const later = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
};

describe('WorkQueue', () => {
  it('runs one job at a time, in order, and refuses one beyond its capacity', async () => {
    const queue = new WorkQueue(2);
    const started: string[] = [];
    const first = later();
    const a = queue.run(async () => {
      started.push('a');
      await first.promise;
      return 'a';
    });
    const b = queue.run(async () => {
      started.push('b');
      return 'b';
    });
    await expect(queue.run(async () => 'c')).rejects.toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    await Promise.resolve();
    expect(started).toEqual(['a']);
    first.release();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(queue.length).toBe(0);
  });

  it('goes on after a job fails', async () => {
    const queue = new WorkQueue(1);
    await expect(queue.run(async () => Promise.reject(new Error('broken photo')))).rejects.toThrow(
      'broken photo',
    );
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
