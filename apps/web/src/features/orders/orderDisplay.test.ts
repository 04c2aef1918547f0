import { describe, expect, it } from 'vitest';
import { statusTone } from './orderDisplay';

describe('order status colours', () => {
  it('shows placed and paid as good news, waiting states in amber, only cancelled in red', () => {
    expect(statusTone('placed')).toBe('success');
    expect(statusTone('paid')).toBe('success');
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('not paid')).toBe('warning');
    expect(statusTone('cancelled')).toBe('danger');
    expect(statusTone('warehouse')).toBe('dark');
  });
});
