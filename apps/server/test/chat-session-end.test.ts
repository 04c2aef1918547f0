/**
 * Issue 14, finding 11 (sockets part): a socket lives no longer than the session it was opened with. Logout closes
 * that session's sockets; sign-out everywhere and a password change close all of the person's sockets.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { ChatMessage } from '@bazaar/shared';
import { ApiClient, startTestServer, type TestServer } from './harness';
import {
  asCustomer,
  asSeller,
  connected,
  createSocket,
  recordEvents,
  seedChatPeople,
  SELLER_PASSWORD,
  type ChatPeople,
} from './chatFixtures';

let server: TestServer;
let people: ChatPeople;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (database) => {
      people = await seedChatPeople(database);
    },
  });
});
afterAll(() => server?.close());
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** Why the socket's connection ended, once it ends; rejects while it stays open longer than a few seconds. */
function disconnection(socket: Socket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still open')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** A connected socket with what it receives recorded, and a promise of its disconnection. */
async function openRecorded(options: { auth: Record<string, unknown>; cookie?: string }) {
  const socket = createSocket(server.baseUrl, options);
  const inbox = recordEvents<ChatMessage>(
    socket,
    options.auth.role === 'seller' ? 'customer_message' : 'seller_message',
  );
  const closed = disconnection(socket);
  sockets.push(await connected(socket));
  return { socket, inbox, closed };
}

const PASSWORD = 'first-password-1';

/** A new customer signed in on two devices (two sessions), who has written to the first shop. */
async function customerOnTwoDevices(name: string) {
  const email = `${name.toLowerCase()}@example.in`;
  const registered = await new ApiClient(server.baseUrl).post('/customer/customer-register', {
    name,
    email,
    password: PASSWORD,
  });
  expect(registered.status).toBe(201);
  const login = await new ApiClient(server.baseUrl).post('/customer/customer-login', {
    email,
    password: PASSWORD,
  });
  expect(login.status).toBe(200);
  const [phone, laptop] = [registered.body.token as string, login.body.token as string];
  const me = await asCustomer(server.baseUrl, phone).post('/chat/customer/send-message-to-seller', {
    sellerId: people.sellers[0].id,
    text: 'Is this saree available?',
  });
  expect(me.status).toBe(200);
  return { phone, laptop, customerId: me.body.message.senderId as number };
}

async function sellerWrites(customerId: number, text: string) {
  const shop = await asSeller(server.baseUrl, people.sellers[0].email);
  const sent = await shop.client.post('/chat/seller/send-message-to-customer', { customerId, text });
  expect(sent.status).toBe(200);
}

describe('sockets end with the session that opened them', () => {
  it('logout closes that session’s socket; another device’s socket stays and still receives', async () => {
    const { phone, laptop, customerId } = await customerOnTwoDevices('Anjali');
    const onPhone = await openRecorded({ auth: { token: phone } });
    const onLaptop = await openRecorded({ auth: { token: laptop } });

    expect((await asCustomer(server.baseUrl, phone).get('/customer/logout')).status).toBe(200);
    expect(await onPhone.closed).toBe('io server disconnect');

    await sellerWrites(customerId, 'Yes, in red and green');
    await onLaptop.inbox.next((message) => message.message === 'Yes, in red and green');
    expect(onLaptop.socket.connected).toBe(true);
    expect(onPhone.inbox.received).toEqual([]);
  });

  it('sign-out from all devices closes every socket of the customer', async () => {
    const { phone, laptop } = await customerOnTwoDevices('Bhavna');
    const onPhone = await openRecorded({ auth: { token: phone } });
    const onLaptop = await openRecorded({ auth: { token: laptop } });

    expect((await asCustomer(server.baseUrl, laptop).post('/customer/logout-all')).status).toBe(200);
    expect(await onPhone.closed).toBe('io server disconnect');
    expect(await onLaptop.closed).toBe('io server disconnect');
  });

  it('a password change closes every socket of the customer; the new session can open one', async () => {
    const { phone, laptop, customerId } = await customerOnTwoDevices('Chitra');
    const onPhone = await openRecorded({ auth: { token: phone } });
    const onLaptop = await openRecorded({ auth: { token: laptop } });

    const changed = await asCustomer(server.baseUrl, laptop).post('/customer/change-password', {
      old_password: PASSWORD,
      new_password: 'second-password-2',
    });
    expect(changed.status).toBe(200);
    expect(await onPhone.closed).toBe('io server disconnect');
    expect(await onLaptop.closed).toBe('io server disconnect');

    const renewed = await openRecorded({ auth: { token: changed.body.token } });
    await sellerWrites(customerId, 'Shipped today');
    await renewed.inbox.next((message) => message.message === 'Shipped today');
  });

  it('seller logout closes that console’s socket, not the seller’s other console', async () => {
    const shop = people.sellers[1];
    const [counter, office] = [
      await asSeller(server.baseUrl, shop.email),
      await asSeller(server.baseUrl, shop.email),
    ];
    const atCounter = await openRecorded({ auth: { role: 'seller' }, cookie: counter.cookie });
    const atOffice = await openRecorded({ auth: { role: 'seller' }, cookie: office.cookie });

    expect((await counter.client.get('/seller/logout')).status).toBe(200);
    expect(await atCounter.closed).toBe('io server disconnect');

    const { phone } = await customerOnTwoDevices('Deepa');
    const sent = await asCustomer(server.baseUrl, phone).post('/chat/customer/send-message-to-seller', {
      sellerId: shop.id,
      text: 'Do you ship to Pune?',
    });
    expect(sent.status).toBe(200);
    await atOffice.inbox.next((message) => message.message === 'Do you ship to Pune?');
    expect(atOffice.socket.connected).toBe(true);
  });

  it('a seller password change closes every socket of the seller', async () => {
    const shop = people.sellers[2];
    const [counter, office] = [
      await asSeller(server.baseUrl, shop.email),
      await asSeller(server.baseUrl, shop.email),
    ];
    const atCounter = await openRecorded({ auth: { role: 'seller' }, cookie: counter.cookie });
    const atOffice = await openRecorded({ auth: { role: 'seller' }, cookie: office.cookie });

    const changed = await counter.client.post('/seller/change-password', {
      old_password: SELLER_PASSWORD,
      new_password: 'new-seller-secret-2',
    });
    expect(changed.status).toBe(200);
    expect(await atCounter.closed).toBe('io server disconnect');
    expect(await atOffice.closed).toBe('io server disconnect');
  });
});
