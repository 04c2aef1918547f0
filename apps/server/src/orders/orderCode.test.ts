import { describe, expect, it } from 'vitest';
import { ORDER_CODE_PATTERN } from '@bazaar/shared';
import { newOrderCode } from './orderCode';

describe('order codes', () => {
  it('carry the year and month and six unambiguous characters', () => {
    const code = newOrderCode(new Date('2026-11-23T10:00:00Z'));
    expect(code).toMatch(/^BZ-2611-[2-9A-HJ-NP-Z]{6}$/);
    expect(code).toMatch(ORDER_CODE_PATTERN);
  });

  it('do not repeat across many draws', () => {
    // 32^6 ≈ 1.07e9 codes a month: 300 draws collide with probability about 4e-5.
    const codes = new Set(Array.from({ length: 300 }, () => newOrderCode()));
    expect(codes.size).toBe(300);
  });
});
