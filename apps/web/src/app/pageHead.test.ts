import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { descriptionText, SITE_DESCRIPTION } from './pageHead';

describe('page descriptions', () => {
  it("restores index.html's own description when a page with its own is left", () => {
    expect(indexHtml).toMatch(/<meta\s+name="description"\s+content="([^"]*)"/);
    expect(indexHtml.match(/<meta\s+name="description"\s+content="([^"]*)"/)![1]).toBe(SITE_DESCRIPTION);
  });

  it('puts a description on one line and cuts a long one at a word', () => {
    expect(descriptionText('  Soft cotton\n\nkurta,\tblock printed. ')).toBe(
      'Soft cotton kurta, block printed.',
    );
    const long = descriptionText('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
    expect(descriptionText('x'.repeat(200))).toBe(`${'x'.repeat(159)}…`);
  });
});
