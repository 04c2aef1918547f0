import path from 'node:path';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { runNode } from '../../server/test/compiledServer';
import { waitForApp } from './browser';

/** The staff's and sellers' consoles in journeys: accounts made as in production, and their calls. */

/** Creates an operator (or an admin) with the real CLI, compiled as it ships, against the E2E server's database. */
export async function createOperatorWithCli(
  email: string,
  password: string,
  role: 'operator' | 'admin' = 'operator',
): Promise<void> {
  const command = path.join(inject('serverDist'), 'cli/create-operator.js');
  await runNode([command, '--role', role, '--email', email, '--name', 'Asha Rao', '--password', password], {
    ...process.env,
    DATA_DIR: inject('dataDir'),
    DATABASE_URL: '',
    NODE_ENV: 'production',
  });
}

/** Verifies or rejects the order's payment through the console API, as the operator signed in on `ops`. */
export async function decidePaymentByApi(
  ops: Page,
  orderId: string,
  action: 'verify' | 'reject',
  note?: string,
): Promise<void> {
  const origin = { origin: new URL(ops.url()).origin };
  const queue = await ops.request.get('/api/ops/payments', { headers: origin });
  const { payments } = (await queue.json()) as { payments: { paymentId: number; orderId: string }[] };
  const payment = payments.find((row) => row.orderId === orderId);
  expect(payment, `no payment under verification for ${orderId}`).toBeDefined();
  const res = await ops.request.post(`/api/ops/payments/${payment!.paymentId}/${action}`, {
    data: note ? { note } : {},
    headers: origin,
  });
  expect(res.status(), await res.text()).toBe(200);
}

export interface StaffAccount {
  email: string;
  password: string;
}

/** Signs `page` in with a console's staff sign-in form at `login` and waits for the page it lands on. */
async function signInStaff(page: Page, login: string, landing: string, account: StaffAccount): Promise<void> {
  await page.goto(login);
  await waitForApp(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(landing);
}

/** Signs `page` in to the admin console with the staff sign-in form; it lands on the seller queue. */
export const signInAdmin = (page: Page, account: StaffAccount) =>
  signInStaff(page, '/admin/login', '**/admin/sellers', account);

/** Signs `page` in to the operators' console with the staff sign-in form; it lands on the payments to verify. */
export const signInOperator = (page: Page, account: StaffAccount) =>
  signInStaff(page, '/ops/login', '**/ops/payments', account);

/**
 * Creates an operator with the CLI (its e-mail named after the journey, `name`) and signs `page` in to the
 * operators' console with it; it lands on the payments to verify. The account is returned for signing in again.
 */
export async function signInNewOperator(page: Page, name: string): Promise<StaffAccount> {
  const account = {
    email: `ops-${name}-${Date.now().toString(36)}@bazaar.example`,
    password: 'operator-secret-2025',
  };
  await createOperatorWithCli(account.email, account.password);
  await signInOperator(page, account);
  return account;
}
