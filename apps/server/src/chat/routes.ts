import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type ChatRole,
  addCustomerFriendResponseSchema,
  addCustomerFriendSchema,
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  messageResponseSchema,
  sellerConversationsResponseSchema,
  sendMessageResponseSchema,
  customerIdParamsSchema,
  sellerIdParamsSchema,
  sendMessageToCustomerSchema,
  sendMessageToSellerSchema,
} from '@bazaar/shared';
import { requireCustomer, requireSeller } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import { HttpError } from '../http/errors';
import * as chat from './service';

const MESSAGE_WINDOW_MS = 60_000;

function tooManyMessages(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(
    429,
    `You are sending messages too quickly. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    'RATE_LIMITED',
  );
}

/**
 * A budget of messages per sender and minute, kept by the rate-limit plugin (in Redis with REDIS_URL, so every
 * process counts together). The sender is only known once the handler has checked the session, so it reaches the
 * limiter's key generator through this map.
 */
function perSenderMessageLimit(api: FastifyInstance) {
  const senders = new WeakMap<FastifyRequest, string>();
  const check = api.createRateLimit({
    max: api.ctx.config.chatLimits.messagesPerMinute,
    timeWindow: MESSAGE_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `chat-messages:${senders.get(request)}`,
  });
  return async (request: FastifyRequest, sender: { role: ChatRole; id: number }) => {
    senders.set(request, `${sender.role}:${sender.id}`);
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyMessages(limit.ttl);
  };
}

/** Customer chat (spec §7) and the seller console's side of the same conversations. */
export async function chatRoutes(api: FastifyInstance): Promise<void> {
  const { ctx, realtime: delivery } = api;
  const spendMessage = perSenderMessageLimit(api);
  const routes = declared(api);
  const customerSide = { tags: ['Chat'], security: signedIn.customer };
  const sellerSide = { tags: ['Seller console'], security: signedIn.seller };

  routes.post(
    '/chat/customer/add-customer-friend',
    {
      schema: {
        ...customerSide,
        body: addCustomerFriendSchema,
        response: { 200: addCustomerFriendResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return chat.openCustomerChat(ctx, customer, request.body.sellerId);
    },
  );

  routes.post(
    '/chat/customer/send-message-to-seller',
    {
      schema: {
        ...customerSide,
        body: sendMessageToSellerSchema,
        response: { 200: sendMessageResponseSchema, ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      await spendMessage(request, { role: 'customer', id: customer.id });
      return { message: await chat.sendFromCustomer(ctx, delivery, customer, request.body) };
    },
  );

  routes.get(
    '/chat/customer/messages/:sellerId',
    {
      schema: {
        ...customerSide,
        params: sellerIdParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistoryResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const { sellerId } = request.params;
      return { messages: await chat.customerHistory(ctx, customer, sellerId, request.query.before) };
    },
  );

  routes.get(
    '/chat/seller/customers',
    { schema: { ...sellerSide, response: { 200: sellerConversationsResponseSchema, ...failures(401) } } },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      return { customers: await chat.listSellerConversations(ctx, seller) };
    },
  );

  routes.get(
    '/chat/seller/messages/:customerId',
    {
      schema: {
        ...sellerSide,
        params: customerIdParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistoryResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      const { customerId } = request.params;
      return { messages: await chat.sellerHistory(ctx, seller, customerId, request.query.before) };
    },
  );

  routes.post(
    '/chat/seller/read/:customerId',
    {
      schema: {
        ...sellerSide,
        params: customerIdParamsSchema,
        response: { 200: messageResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      await chat.markReadBySeller(ctx, seller, request.params.customerId);
      return { message: 'Marked as read' };
    },
  );

  routes.post(
    '/chat/seller/send-message-to-customer',
    {
      schema: {
        ...sellerSide,
        body: sendMessageToCustomerSchema,
        response: { 200: sendMessageResponseSchema, ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      await spendMessage(request, { role: 'seller', id: seller.id });
      return { message: await chat.sendFromSeller(ctx, delivery, seller, request.body) };
    },
  );
}
