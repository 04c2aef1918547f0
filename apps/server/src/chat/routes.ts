import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type ChatRole,
  addCustomerFriendSchema,
  chatHistoryQuerySchema,
  customerIdParamsSchema,
  sellerIdParamsSchema,
  sendMessageToCustomerSchema,
  sendMessageToSellerSchema,
} from '@bazaar/shared';
import { requireCustomer, requireSeller } from '../auth/session';
import { parse } from '../http/validate';
import { HttpError } from '../http/errors';
import * as chat from './service';

const MESSAGE_WINDOW_MS = 60_000;

function tooManyMessages(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(
    429,
    `You are sending messages too quickly. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
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

  api.post('/chat/customer/add-customer-friend', async (request) => {
    const customer = requireCustomer(request);
    const { sellerId } = parse(addCustomerFriendSchema, request.body);
    return chat.openCustomerChat(ctx, customer, sellerId);
  });

  api.post('/chat/customer/send-message-to-seller', async (request) => {
    const customer = requireCustomer(request);
    await spendMessage(request, { role: 'customer', id: customer.id });
    const input = parse(sendMessageToSellerSchema, request.body);
    return { message: await chat.sendFromCustomer(ctx, delivery, customer, input) };
  });

  api.get('/chat/customer/messages/:sellerId', async (request) => {
    const customer = requireCustomer(request);
    const { sellerId } = parse(sellerIdParamsSchema, request.params);
    const { before } = parse(chatHistoryQuerySchema, request.query);
    return { messages: await chat.customerHistory(ctx, customer, sellerId, before) };
  });

  api.get('/chat/seller/customers', async (request) => {
    const seller = await requireSeller(ctx, request);
    return { customers: await chat.listSellerConversations(ctx, seller) };
  });

  api.get('/chat/seller/messages/:customerId', async (request) => {
    const seller = await requireSeller(ctx, request);
    const { customerId } = parse(customerIdParamsSchema, request.params);
    const { before } = parse(chatHistoryQuerySchema, request.query);
    return { messages: await chat.sellerHistory(ctx, seller, customerId, before) };
  });

  api.post('/chat/seller/read/:customerId', async (request) => {
    const seller = await requireSeller(ctx, request);
    const { customerId } = parse(customerIdParamsSchema, request.params);
    await chat.markReadBySeller(ctx, seller, customerId);
    return { message: 'Marked as read' };
  });

  api.post('/chat/seller/send-message-to-customer', async (request) => {
    const seller = await requireSeller(ctx, request);
    await spendMessage(request, { role: 'seller', id: seller.id });
    const input = parse(sendMessageToCustomerSchema, request.body);
    return { message: await chat.sendFromSeller(ctx, delivery, seller, input) };
  });
}
