import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  codAvailabilitySchema,
  codPlacedResponseSchema,
  doPaymentResponseSchema,
  doPaymentSchema,
  messageResponseSchema,
  orderConfirmResponseSchema,
  paymentMessages,
  paymentOrderBodySchema,
  paymentOrderParamsSchema,
  paymentStatusResponseSchema,
  paymentUpdateResponseSchema,
  paymentWebhookSchema,
  submitUtrSchema,
} from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { badRequest, HttpError, unauthorized } from '../http/errors';
import { parse } from '../http/validate';
import { declared, failures, signedIn } from '../http/routeSchema';
import * as settlement from '../flows/paymentSettlement';
import { chooseCod, codAvailability } from '../flows/cashOnDelivery';
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
  const routes = declared(api);
  const common = { tags: ['Payments'], security: signedIn.customer };

  routes.post(
    '/payment/do_payment',
    {
      schema: {
        ...common,
        body: doPaymentSchema,
        response: { 200: doPaymentResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const { orderId } = request.body;
      return settlement.startPayment(ctx, customer.id, orderId);
    },
  );

  routes.post(
    '/payment/update-transactionId',
    {
      schema: {
        ...common,
        body: submitUtrSchema,
        response: { 200: paymentUpdateResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return settlement.submitUtr(ctx, verifier, customer.id, request.body);
    },
  );

  routes.get(
    '/payment/status/:orderId',
    {
      schema: {
        ...common,
        params: paymentOrderParamsSchema,
        response: { 200: paymentStatusResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return payments.paymentStatus(ctx, customer.id, request.params.orderId);
    },
  );

  /** Issue 19: whether the order may be paid by cash on delivery, and if not why. */
  routes.get(
    '/payment/cod/:orderId',
    {
      schema: {
        ...common,
        params: paymentOrderParamsSchema,
        response: { 200: codAvailabilitySchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return codAvailability(ctx, customer.id, request.params.orderId);
    },
  );

  /** Issue 19: the shopper pays the unpaid order by cash on delivery instead of UPI; it is placed at once. */
  routes.post(
    '/payment/cod/:orderId',
    {
      schema: {
        ...common,
        params: paymentOrderParamsSchema,
        response: { 200: codPlacedResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return chooseCod(ctx, customer.id, request.params.orderId);
    },
  );

  routes.post(
    '/payment/remove_from_cart',
    {
      schema: {
        ...common,
        body: paymentOrderBodySchema,
        response: { 200: messageResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const { orderId } = request.body;
      return settlement.removeOrderFromCart(ctx, customer.id, orderId);
    },
  );

  routes.get(
    '/order/confirm/:orderId',
    {
      schema: {
        ...common,
        params: paymentOrderParamsSchema,
        response: { 200: orderConfirmResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return payments.confirmOrder(ctx, customer.id, request.params.orderId);
    },
  );

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

  declared(api).post(
    '/payment/webhook',
    {
      schema: {
        tags: ['Payments'],
        description: 'For a bank or PSP: HMAC-SHA256 of the exact body bytes, hex, in the signature header.',
        headers: z.object({ [WEBHOOK_SIGNATURE_HEADER]: z.string().optional() }),
        body: paymentWebhookSchema,
        response: { 200: paymentUpdateResponseSchema, ...failures(400, 401, 404, 409, 503) },
      },
      // Declared for the documentation; checked in the handler, after the signature over the raw bytes.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const secret = ctx.config.payments.webhookSecret;
      if (!secret) throw new HttpError(503, paymentMessages.webhookDisabled, 'WEBHOOK_DISABLED');
      const raw: unknown = request.body;
      if (
        !Buffer.isBuffer(raw) ||
        !isValidWebhookSignature(secret, raw, request.headers[WEBHOOK_SIGNATURE_HEADER])
      ) {
        throw unauthorized(paymentMessages.webhookSignature, 'WEBHOOK_SIGNATURE_INVALID');
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('Malformed JSON body', 'MALFORMED_JSON');
      }
      return settlement.applyBankNotification(ctx, parse(paymentWebhookSchema, body));
    },
  );
}
