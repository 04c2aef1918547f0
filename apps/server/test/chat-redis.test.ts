import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { chatSocketRefusals, type ChatMessage } from '@bazaar/shared';
import { buildApp } from '../src/app';
import { redisUrl, startTestServer, type TestServer } from './harness';
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

/** Retries an attempt until it succeeds (a closed socket's slot is given back once its server sees the close). */
async function eventually<T>(attempt: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('two processes with the Redis adapter', () => {
  it('exchanges messages between a customer on A and a seller on B, with presence across both', async () => {
    const priya = people.customers[0];
    const shop = people.sellers[0];
    const token = customerToken(processA.config, priya);

    // Presence is only shared between people who talk to each other: the customer writes first.
    const opened = await asCustomer(processA.baseUrl, token).post('/chat/customer/send-message-to-seller', {
      sellerId: shop.id,
      text: 'Hello before going live',
    });
    expect(opened.status).toBe(200);

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

  it('caps one person’s open sockets across both processes, and frees a slot when one closes', async () => {
    const rahul = people.customers[1];
    const token = customerToken(processA.config, rahul);
    const cap = processA.config.chatLimits.socketsPerPerson;
    const tabs: Socket[] = [];
    for (let i = 0; i < cap; i++) {
      const baseUrl = i % 2 === 0 ? processA.baseUrl : baseUrlB;
      tabs.push(await openSocket(baseUrl, { auth: { token } }));
    }
    sockets.push(...tabs);
    for (const baseUrl of [processA.baseUrl, baseUrlB]) {
      await expect(openSocket(baseUrl, { auth: { token } })).rejects.toThrow(
        chatSocketRefusals.tooManyConnections,
      );
    }
    // A tab closed on B frees a slot that A can hand out.
    tabs[1].close();
    const reopened = await eventually(() => openSocket(processA.baseUrl, { auth: { token } }));
    sockets.push(reopened);
    expect(reopened.connected).toBe(true);
  });

  it('ends sockets in both processes: a logout on A closes its socket on B, signing out everywhere on B the rest', async () => {
    const kavya = people.customers[2];
    const [first, second] = [customerToken(processA.config, kavya), customerToken(processA.config, kavya)];
    const firstOnB = createSocket(baseUrlB, { auth: { token: first } });
    const secondOnA = createSocket(processA.baseUrl, { auth: { token: second } });
    const closed = [firstOnB, secondOnA].map(
      (socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve)),
    );
    sockets.push(...(await Promise.all([connected(firstOnB), connected(secondOnA)])));

    expect((await asCustomer(processA.baseUrl, first).get('/customer/logout')).status).toBe(200);
    expect(await closed[0]).toBe('io server disconnect');
    expect(secondOnA.connected).toBe(true);

    expect((await asCustomer(baseUrlB, second).post('/customer/logout-all')).status).toBe(200);
    expect(await closed[1]).toBe('io server disconnect');
  });
});
