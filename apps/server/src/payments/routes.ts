import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  doPaymentSchema,
  paymentMessages,
  paymentOrderBodySchema,
  paymentOrderParamsSchema,
  paymentWebhookSchema,
  submitUtrSchema,
} from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { badRequest, HttpError, unauthorized } from '../http/errors';
import { parse } from '../http/validate';
import * as settlement from '../flows/paymentSettlement';
import * as payments from './service';
import {
  isValidWebhookSignature,
  manualOperatorVerifier,
  WEBHOOK_SIGNATURE_HEADER,
  type PaymentVerifier,
} from './verifier';

export interface PaymentsRoutesOptions {
  /** Who checks submitted UTRs; by default an operator does, in the ops console. */
  verifier?: PaymentVerifier;
}

/**
 * UPI payment calls (spec §7). The customer comes from the session only; another customer's order answers 404.
 */
export async function paymentsRoutes(
  api: FastifyInstance,
  options: PaymentsRoutesOptions = {},
): Promise<void> {
  const { ctx } = api;
  const verifier = options.verifier ?? manualOperatorVerifier;
  const orderIdIn = (request: FastifyRequest) => parse(paymentOrderParamsSchema, request.params).orderId;

  api.post('/payment/do_payment', async (request) => {
    const customer = requireCustomer(request);
    const { orderId } = parse(doPaymentSchema, request.body);
    return settlement.startPayment(ctx, customer.id, orderId);
  });

  api.post('/payment/update-transactionId', async (request) => {
    const customer = requireCustomer(request);
    return settlement.submitUtr(ctx, verifier, customer.id, parse(submitUtrSchema, request.body));
  });

  api.get('/payment/status/:orderId', async (request) => {
    const customer = requireCustomer(request);
    return payments.paymentStatus(ctx, customer.id, orderIdIn(request));
  });

  api.post('/payment/remove_from_cart', async (request) => {
    const customer = requireCustomer(request);
    const { orderId } = parse(paymentOrderBodySchema, request.body);
    return settlement.removeOrderFromCart(ctx, customer.id, orderId);
  });

  api.get('/order/confirm/:orderId', async (request) => {
    const customer = requireCustomer(request);
    return payments.confirmOrder(ctx, customer.id, orderIdIn(request));
  });

  await api.register(bankWebhook);
}

/**
 * POST /payment/webhook for a bank/PSP. The signature covers the exact bytes sent, so this route (alone, in its
 * own plugin scope) takes JSON as a raw buffer and parses it only after the signature checks out.
 */
async function bankWebhook(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  api.post('/payment/webhook', async (request) => {
    const secret = ctx.config.payments.webhookSecret;
    if (!secret) throw new HttpError(503, paymentMessages.webhookDisabled);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!isValidWebhookSignature(secret, raw, request.headers[WEBHOOK_SIGNATURE_HEADER])) {
      throw unauthorized(paymentMessages.webhookSignature);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('Malformed JSON body');
    }
    return settlement.applyBankNotification(ctx, parse(paymentWebhookSchema, body));
  });
}
