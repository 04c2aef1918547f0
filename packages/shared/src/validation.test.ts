import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressFieldsSchema } from './addresses';
import { changePasswordSchema, registerSchema } from './auth';
import { addToCartSchema } from './cart';
import { describeZodError, fieldLabel } from './validation';

const messageFor = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation error');
  return describeZodError(result.error);
};

describe('validation messages a shopper reads', () => {
  it('never shows an API field name: a short new password names the field as the form does', () => {
    expect(messageFor(changePasswordSchema, { old_password: 'old-pass-1', new_password: 'short' })).toBe(
      'New password must be at least 8 characters',
    );
    expect(messageFor(changePasswordSchema, { new_password: 'long-enough-1' })).toBe(
      'Old password is required',
    );
    expect(messageFor(registerSchema, { name: 'Asha', email: 'asha@example.com', password: 'x' })).toBe(
      'Password must be at least 8 characters',
    );
  });

  it('gives a subject to messages that have none, with the field’s human label', () => {
    const address = {
      name: 'Asha',
      phonenumber: '9876543210',
      pincode: '560001',
      state: 'Karnataka',
      cityDistTown: 'Bengaluru',
      address: '12 MG Road',
    };
    expect(messageFor(addressFieldsSchema, { ...address, name: '' })).toBe('Name is required');
    expect(messageFor(addressFieldsSchema, { ...address, cityDistTown: ' ' })).toBe(
      'City / District / Town is required',
    );
    expect(messageFor(addressFieldsSchema, { ...address, defaultAddress: 'yes' })).toBe(
      'Default address must be true or false',
    );
    expect(messageFor(addressFieldsSchema, { ...address, pincode: '012345' })).toBe(
      'Please enter a valid 6-digit pincode',
    );
  });

  it('words zod’s own checks as phrases after the label', () => {
    expect(messageFor(z.object({ shopName: z.string() }), {})).toBe('Shop name is required');
    expect(messageFor(z.object({ note: z.string().max(3) }), { note: 'longer' })).toBe(
      'Note must be at most 3 characters',
    );
    expect(messageFor(addToCartSchema, { productId: 'abc', quantity: 1 })).toBe(
      'Product id must be a number',
    );
    expect(fieldLabel(['products', 0, 'sellerId'])).toBe('Seller id');
  });
});
