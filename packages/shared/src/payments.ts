import { z } from 'zod';
import { STAFF_ROLES } from './admin';
import { emailSchema, idSchema } from './validation';

// ---- States and timing (spec §4, §9) ------------------------------------------------------------

/**
 * What GET /payment/status reports. `pending`, `paid` and `failed` are the spec's; `under verification` (a UTR
 * was submitted and a person or the bank still has to confirm it) and `expired` (the order's stock reservation
 * ran out without a UTR) are the states a real UPI flow needs on top.
 */
/** `cod` (issue 19): the order is paid in cash on delivery; nothing to pay online. */
export const PAYMENT_STATES = ['pending', 'under verification', 'paid', 'failed', 'expired', 'cod'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What an operator or a bank decided about a submitted UTR. */
export const PAYMENT_DECISIONS = ['verified', 'rejected'] as const;
export type PaymentDecision = (typeof PAYMENT_DECISIONS)[number];

/** Who decided: a person in the ops console, or the bank/PSP (its signed webhook or a plugged-in verifier). */
export const DECISION_SOURCES = ['operator', 'bank'] as const;
export type DecisionSource = (typeof DECISION_SOURCES)[number];

/** The /payment page's countdown: one payment attempt lasts five minutes. */
export const PAYMENT_ATTEMPT_SECONDS = 300;
/** How long a placed, unpaid order holds its stock before it is cancelled. */
export const ORDER_RESERVATION_MINUTES = 30;

/** Status polling of the three payment pages (spec §9). */
export const PAYMENT_POLL_MS = { timerPage: 1000, utrPage: 5000, confirmPage: 5000 } as const;
/** UPI QR codes: 256 px, highest error correction (spec §9). */
export const PAYMENT_QR = { size: 256, level: 'H' } as const;

/** A UPI transaction reference (UTR / RRN) is the 12-digit number every UPI app shows after paying. */
export const UTR_PATTERN = /^\d{12}$/;

export const paymentMessages = {
  utrFormat: 'UTR must be the 12-digit number shown in your UPI app',
  utrUsed: 'This UTR has already paid for another order',
  claimVerifiedElsewhere: 'This UTR was verified for another order',
  bankFailed: 'Your bank reported this transfer as failed',
  utrSubmitted: 'Transaction ID submitted. Your payment is under verification.',
  utrAlreadySubmitted: 'A transaction ID was already submitted for this order',
  orderNotFound: 'Order not found',
  alreadyPaid: 'This order is already paid',
  cashOnDelivery: 'This order is paid by cash on delivery: nothing to pay online',
  orderClosed: 'This order was cancelled because its payment did not complete. Please place the order again.',
  windowClosed: 'Order cancelled: payment window closed',
  /** Every shop of the unpaid order cancelled its part (issue 16); their reasons are on the order's timeline. */
  cancelledByShop: 'Order cancelled by the shop before it was paid: nothing is due',
  verificationTimedOut: 'Order cancelled: the payment could not be verified in time',
  paymentFailed: 'Order cancelled: payment failed',
  notPaidYet: 'This order is not paid yet',
  orderConfirmed: 'Order confirmed',
  cartCleared: "The order's products were removed from your cart",
  paymentNotFound: 'Payment not found',
  notUnderVerification: 'This payment is no longer waiting for verification',
  verified: 'Payment verified',
  rejected: 'Payment rejected',
  operatorSignIn: 'Please sign in as an operator',
  operatorsOnly: 'Only operators can do that',
  operatorLogin: 'Signed in',
  operatorLogout: 'Signed out',
  operatorCredentials: 'Email or password is incorrect',
  webhookSignature: 'Invalid webhook signature',
  webhookDisabled: 'The payment webhook is not configured',
  webhookApplied: 'Webhook processed',
} as const;

// ---- Request schemas ------------------------------------------------------------------------------

/** A public order id such as BZ-2611-8F3K2Q (whatever the orders feature issues). */
export const paymentOrderIdSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(40, 'is too long');

/** Body of do_payment. The spec's page also sends `price`; the server ignores it and charges the order total. */
export const doPaymentSchema = z.object({ orderId: paymentOrderIdSchema, price: z.unknown().optional() });

/** Body of update-transactionId. Blank input never reaches the server (the page ignores it). */
export const submitUtrSchema = z
  .object({
    orderId: paymentOrderIdSchema,
    transactionId: z.string({ error: 'is required' }).trim(),
  })
  // Checked on the whole object so the message reaches the shopper as the one clear sentence it is.
  .refine((input) => UTR_PATTERN.test(input.transactionId), { message: paymentMessages.utrFormat });
export type SubmitUtrInput = z.output<typeof submitUtrSchema>;

export const paymentOrderBodySchema = z.object({ orderId: paymentOrderIdSchema });
export const paymentOrderParamsSchema = z.object({ orderId: paymentOrderIdSchema });

/** The bank/PSP callback, signed with HMAC-SHA256 over the raw body. */
export const paymentWebhookSchema = z.object({
  orderId: paymentOrderIdSchema,
  utr: z.string({ error: 'is required' }).trim().regex(UTR_PATTERN, 'must be 12 digits'),
  status: z.enum(['SUCCESS', 'FAILURE'], { error: 'must be SUCCESS or FAILURE' }),
});
export type PaymentWebhookInput = z.output<typeof paymentWebhookSchema>;

export const operatorLoginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'is too long'),
});
export type OperatorLoginInput = z.output<typeof operatorLoginSchema>;

export const operatorDecisionSchema = z.object({
  note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});

export const paymentIdParamsSchema = z.object({ paymentId: idSchema });

export const opsPaymentListQuerySchema = z.object({
  status: z
    .enum(PAYMENT_STATES, { error: `must be one of ${PAYMENT_STATES.join(', ')}` })
    .default('under verification'),
});

// ---- UPI deep links -------------------------------------------------------------------------------

export interface UpiPayee {
  /** The payee's UPI id (VPA), e.g. bazaar.demo@upi. */
  vpa: string;
  name: string;
}

export interface UpiLinks {
  /** The generic upi://pay link (also what the QR code encodes). */
  upi: string;
  gpay: string;
  phonepe: string;
  paytm: string;
}

/**
 * The NPCI deep-link query for paying `amount` rupees for an order: payee, amount with paise, INR, a note and the
 * order id as transaction reference (so the payee's statement names the order).
 */
export function upiQuery(payee: UpiPayee, amount: number, orderId: string): string {
  const params: [string, string][] = [
    ['pa', payee.vpa],
    ['pn', payee.name],
    ['am', `${amount}.00`],
    ['cu', 'INR'],
    ['tn', `Bazaar order ${orderId}`],
    ['tr', orderId],
  ];
  return params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

/** The generic link and the app-specific ones (G-Pay, PhonePe, Paytm) carrying the same query. */
export function upiLinks(payee: UpiPayee, amount: number, orderId: string): UpiLinks {
  const query = upiQuery(payee, amount, orderId);
  return {
    upi: `upi://pay?${query}`,
    gpay: `tez://upi/pay?${query}`,
    phonepe: `phonepe://pay?${query}`,
    paytm: `paytmmp://pay?${query}`,
  };
}

// ---- Response shapes ------------------------------------------------------------------------------

export const doPaymentResponseSchema = z.object({
  url: z.string().describe('The upi://pay deep link'),
  amount: z.number().describe('The order total from the server, whole rupees'),
  appLinks: z.object({ gpay: z.string(), phonepe: z.string(), paytm: z.string(), upi: z.string() }),
  expiresAt: z.string().describe('When this payment attempt ends (ISO time)'),
  expiresInSeconds: z
    .number()
    .describe(
      "Seconds left in this attempt, so the page's countdown does not depend on the two clocks agreeing",
    ),
  reservationExpiresAt: z
    .string()
    .describe('When the order stops holding its stock unless a UTR arrives (ISO time)'),
});
export type DoPaymentResponse = z.infer<typeof doPaymentResponseSchema>;

/** A submitted UTR that an operator or the bank rejected. It no longer claims the transfer. */
export const paymentRejectionSchema = z.object({
  utr: z.string(),
  /** The operator's note, or null when none was given. */
  reason: z.string().nullable(),
  rejectedAt: z.string(),
});
export type PaymentRejection = z.infer<typeof paymentRejectionSchema>;

export const paymentStatusResponseSchema = z.object({
  payment_status: z.enum(PAYMENT_STATES),
  canRetry: z.boolean().describe('True while the shopper may still pay (Pay Now again or submit a UTR)'),
  rejection: paymentRejectionSchema
    .optional()
    .describe('The last rejected UTR and why, until the shopper submits another one'),
  closedReason: z
    .string()
    .optional()
    .describe(
      'Why the order can no longer be paid, once it is cancelled (one of the paymentMessages sentences)',
    ),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** What submitting a UTR, a bank notification or an operator's decision answers: the payment's state now. */
export const paymentUpdateResponseSchema = z.object({
  message: z.string(),
  payment_status: z.enum(PAYMENT_STATES),
});
export type PaymentUpdateResponse = z.infer<typeof paymentUpdateResponseSchema>;

export const orderConfirmResponseSchema = z.object({ message: z.string(), order_status: z.string() });
export type OrderConfirmResponse = z.infer<typeof orderConfirmResponseSchema>;

/** Another order claiming the same UTR as a payment in the queue. */
export const opsUtrClaimSchema = z.object({
  paymentId: z.number(),
  orderId: z.string(),
  customerName: z.string(),
  status: z.enum(PAYMENT_STATES),
  submittedAt: z.string().nullable(),
});
export type OpsUtrClaim = z.infer<typeof opsUtrClaimSchema>;

export const opsPaymentRowSchema = z.object({
  paymentId: z.number(),
  orderId: z.string(),
  customer: z.object({ name: z.string(), email: z.string().nullable() }),
  amount: z.number(),
  utr: z
    .string()
    .nullable()
    .describe('The claimed UTR while under verification, else the one that paid (or null)'),
  status: z.enum(PAYMENT_STATES),
  submittedAt: z.string().nullable().describe('When the UTR was submitted (ISO time)'),
  holdExpiresAt: z
    .string()
    .nullable()
    .describe(
      "Until when a claim under verification holds the order's stock (ISO time); null for other states",
    ),
  conflicts: z
    .array(opsUtrClaimSchema)
    .describe(
      'Other orders claiming (or paid with) the same UTR: a conflict the operator resolves by verifying one',
    ),
});
export type OpsPaymentRow = z.infer<typeof opsPaymentRowSchema>;

export const opsDecisionRowSchema = z.object({
  id: z.number(),
  paymentId: z.number(),
  orderId: z.string(),
  decision: z.enum(PAYMENT_DECISIONS),
  source: z.enum(DECISION_SOURCES),
  operatorName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type OpsDecisionRow = z.infer<typeof opsDecisionRowSchema>;

export const opsPaymentsResponseSchema = z.object({
  payments: z.array(opsPaymentRowSchema),
  recentDecisions: z.array(opsDecisionRowSchema),
});
export type OpsPaymentsResponse = z.infer<typeof opsPaymentsResponseSchema>;

/** A member of staff signed in to a console (the ops console's operators and the marketplace's admins). */
export const operatorProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type OperatorProfile = z.infer<typeof operatorProfileSchema>;

export const operatorResponseSchema = z.object({ operator: operatorProfileSchema });
export type OperatorResponse = z.infer<typeof operatorResponseSchema>;

export const operatorLoginResponseSchema = z.object({ message: z.string(), operator: operatorProfileSchema });
export type OperatorLoginResponse = z.infer<typeof operatorLoginResponseSchema>;
