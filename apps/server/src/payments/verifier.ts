import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentRow } from './repository';

/** What a bank or PSP says about a payment: settled, refused, or it cannot tell (yet). */
export type VerificationOutcome = 'paid' | 'failed' | 'unknown';

/**
 * Checks a submitted UTR with whoever can see the money arrive. Called right after a UTR is recorded; 'paid' or
 * 'failed' settle the payment at once, 'unknown' leaves it under verification for an operator (or a later
 * webhook) to decide.
 */
export interface PaymentVerifier {
  readonly name: string;
  verify(payment: PaymentRow): Promise<VerificationOutcome>;
}

/** The default: no bank integration, so a person checks the UTR against the account statement in /ops/payments. */
export const manualOperatorVerifier: PaymentVerifier = {
  name: 'manual-operator',
  async verify() {
    return 'unknown';
  },
};

export const WEBHOOK_SIGNATURE_HEADER = 'x-bazaar-signature';

/** Hex HMAC-SHA256 of the exact bytes received, as the bank computes it over the body it sends. */
export function webhookSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Timing-safe check of the signature header (hex, optionally prefixed `sha256=`). */
export function isValidWebhookSignature(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string') return false;
  const received = header.trim().replace(/^sha256=/i, '');
  if (!/^[0-9a-f]{64}$/i.test(received)) return false;
  const expected = Buffer.from(webhookSignature(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(received, 'hex'));
}
