import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import type { ChatMessage } from '@bazaar/shared';
import { buildApp } from '../src/app';
import { startTestServer, type TestServer } from './harness';
import {
  asCustomer,
  asSeller,
  connected,
  createSocket,
  customerToken,
  openSocket,
  recordEvents,
  seedChatPeople,
  type ChatPeople,
} from './chatFixtures';

/**
 * Two server processes on one database, joined by the Socket.IO Redis adapter: a customer connected to A and a
 * seller connected to B talk to each other. A fresh channel prefix keeps parallel runs (SQLite and PostgreSQL) apart.
 */
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisKeyPrefix = `bazaar-test-${randomBytes(4).toString('hex')}`;

let processA: TestServer;
let processB: FastifyInstance;
let baseUrlB: string;
let people: ChatPeople;
const sockets: Socket[] = [];

beforeAll(async () => {
  processA = await startTestServer({
    config: { redisUrl, redisKeyPrefix },
    prepare: async (database) => {
      people = await seedChatPeople(database);
    },
  });
  processB = await buildApp({ config: processA.config, database: processA.database });
  await processB.listen({ port: 0, host: '127.0.0.1' });
  const address = processB.server.address();
  baseUrlB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await processB?.close();
  await processA?.close();
});

describe('two processes with the Redis adapter', () => {
  it('exchanges messages between a customer on A and a seller on B, with presence across both', async () => {
    const priya = people.customers[0];
    const shop = people.sellers[0];
    const token = customerToken(processA.config, priya);

    const customerSocket = createSocket(processA.baseUrl, { auth: { token } });
    const customerInbox = recordEvents<ChatMessage>(customerSocket, 'seller_message');
    const presence = recordEvents<{ sellerId: number }[]>(customerSocket, 'activeSeller');
    sockets.push(await connected(customerSocket));

    const seller = await asSeller(baseUrlB, shop.email);
    const sellerSocket = await openSocket(baseUrlB, { auth: { role: 'seller' }, cookie: seller.cookie });
    sockets.push(sellerSocket);
    const sellerInbox = recordEvents<ChatMessage>(sellerSocket, 'customer_message');

    // The seller connected to B shows as online to the customer on A.
    await presence.next((list) => list.some((s) => s.sellerId === shop.id));

    // The customer posts to A; the seller's socket on B receives it.
    const sent = await asCustomer(processA.baseUrl, token).post('/chat/customer/send-message-to-seller', {
      sellerId: shop.id,
      text: 'Hello from process A',
    });
    expect(sent.status).toBe(200);
    expect(await sellerInbox.next((m) => m.message === 'Hello from process A')).toMatchObject({
      senderId: priya.id,
      receverId: shop.id,
    });

    // The seller replies through B; the customer's socket on A receives it.
    const reply = await seller.client.post('/chat/seller/send-message-to-customer', {
      customerId: priya.id,
      text: 'Hello from process B',
    });
    expect(reply.status).toBe(200);
    expect(await customerInbox.next((m) => m.message === 'Hello from process B')).toMatchObject({
      senderId: shop.id,
      senderName: shop.shopName,
      receverId: priya.id,
    });

    // The seller leaves B: A's customer learns it.
    const mark = presence.mark();
    sellerSocket.close();
    await presence.next((list) => !list.some((s) => s.sellerId === shop.id), mark);
  });
});
