import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForApp } from './browser';

/** A shopper registered for one journey: the token, and request options that send it. */
export interface Shopper {
  /** Where their e-mails go (e2e/mail.ts reads what arrived). */
  email: string;
  password: string;
  token: string;
  authed: { headers: Record<string, string> };
}

let registered = 0;

/**
 * Registers a new shopper through the API and signs `page` in as them (the app keeps the token in localStorage),
 * opening `landing` to do so: any page of the app will do.
 */
export async function signInNewShopper(page: Page, name: string, landing = '/'): Promise<Shopper> {
  registered += 1;
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${Date.now().toString(36)}-${registered}@example.in`;
  const password = 'Secret#2025';
  const res = await page.request.post('/api/customer/customer-register', { data: { name, email, password } });
  expect(res.status(), await res.text()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await page.goto(landing);
  await waitForApp(page);
  await page.evaluate((value) => localStorage.setItem('customerToken', value), token);
  return { email, password, token, authed: { headers: { authorization: `Bearer ${token}` } } };
}

/** Saves a default delivery address in Hyderabad for the shopper; its id. */
export async function addDefaultAddress(page: Page, shopper: Shopper, name: string): Promise<number> {
  const address = await page.request.post('/api/home/customer/add_address', {
    data: {
      name,
      phonenumber: '9876543210',
      pincode: '500081',
      state: 'Telangana',
      cityDistTown: 'Hyderabad',
      address: 'Plot 12, Road 2, Banjara Hills',
      defaultAddress: true,
    },
    ...shopper.authed,
  });
  expect(address.ok(), await address.text()).toBe(true);
  return ((await address.json()) as { address: { _id: number } }).address._id;
}

/**
 * Places a Buy Now order at the shopper's address and submits a UTR for its UPI payment, which then waits for an
 * operator; returns the order id.
 */
export async function orderAndClaimPayment(
  page: Page,
  shopper: Shopper,
  addressId: number,
  buyNow: { productId: number; quantity: number; variantId?: number },
): Promise<string> {
  const placed = await page.request.post('/api/home/order/palce-order', {
    data: { addressId, buyNow },
    ...shopper.authed,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  for (const [call, data] of [
    ['/api/payment/do_payment', { orderId }],
    ['/api/payment/update-transactionId', { orderId, transactionId: String(Date.now()).slice(-12) }],
  ] as const) {
    const res = await page.request.post(call, { data, ...shopper.authed });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return orderId;
}
