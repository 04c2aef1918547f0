import type { FastifyInstance } from 'fastify';
import {
  addCustomerFriendSchema,
  chatHistoryQuerySchema,
  customerIdParamsSchema,
  sellerIdParamsSchema,
  sendMessageToCustomerSchema,
  sendMessageToSellerSchema,
} from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { requireSeller } from '../sellers/session';
import { sellerRoutes } from '../sellers/routes';
import { parse } from '../http/validate';
import * as chat from './service';

/** Customer chat (spec §7) and the seller console's side of the same conversations. */
export async function chatRoutes(api: FastifyInstance): Promise<void> {
  const { ctx, realtime: delivery } = api;
  // The seller console signs in here; its session exists only for these conversations.
  await api.register(sellerRoutes);

  api.post('/chat/customer/add-customer-friend', async (request) => {
    const customer = requireCustomer(request);
    const { sellerId } = parse(addCustomerFriendSchema, request.body);
    return chat.openCustomerChat(ctx, customer, sellerId);
  });

  api.post('/chat/customer/send-message-to-seller', async (request) => {
    const customer = requireCustomer(request);
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
    const input = parse(sendMessageToCustomerSchema, request.body);
    return { message: await chat.sendFromSeller(ctx, delivery, seller, input) };
  });
}
