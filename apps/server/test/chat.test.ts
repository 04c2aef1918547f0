import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { ChatMessage } from '@bazaar/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { startTestServer, type TestServer } from './harness';
import {
  asCustomer,
  connected,
  createSocket,
  asSeller,
  customerToken,
  openSocket,
  caughtUp,
  recordEvents,
  seedChatPeople,
  type ChatPeople,
} from './chatFixtures';

let server: TestServer;
let people: ChatPeople;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    // The paging test sends 57 messages in a row; the per-sender budget has its own test (chat-abuse.test.ts).
    config: { chatLimits: { ...loadConfig({ dataDir: tmpdir() }).chatLimits, messagesPerMinute: 1_000 } },
    prepare: async (database) => {
      people = await seedChatPeople(database);
    },
  });
});
afterAll(() => server.close());
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const track = async (socket: Promise<Socket>) => {
  const opened = await socket;
  sockets.push(opened);
  return opened;
};

function customer(index: number) {
  const person = people.customers[index];
  const token = customerToken(server.config, person);
  return { ...person, token, api: asCustomer(server.baseUrl, token) };
}
const seller = (index: number) => people.sellers[index];

describe('customer chat over REST', () => {
  it('opens the chat with no seller chosen as the spec payload does', async () => {
    const priya = customer(0);
    const response = await priya.api.post('/chat/customer/add-customer-friend', {
      sellerId: '',
      userId: 999,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ messages: [], currentFd: '', myFriends: [] });
  });

  it('requires a signed-in customer', async () => {
    const anonymous = asCustomer(server.baseUrl, 'not-a-token');
    expect(
      (await anonymous.post('/chat/customer/add-customer-friend', { sellerId: seller(0).id })).status,
    ).toBe(401);
    expect(
      (await anonymous.post('/chat/customer/send-message-to-seller', { sellerId: 1, text: 'hi' })).status,
    ).toBe(401);
  });

  it('answers 404 for an unknown seller and 400 for bad input', async () => {
    const priya = customer(0);
    const unknown = await priya.api.post('/chat/customer/add-customer-friend', { sellerId: 99_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Seller not found');
    const empty = await priya.api.post('/chat/customer/send-message-to-seller', {
      sellerId: seller(0).id,
      text: '   ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('Message cannot be empty');
    const long = await priya.api.post('/chat/customer/send-message-to-seller', {
      sellerId: seller(0).id,
      text: 'x'.repeat(2001),
    });
    expect(long.status).toBe(400);
    const badSeller = await priya.api.post('/chat/customer/send-message-to-seller', {
      sellerId: 'abc',
      text: 'hi',
    });
    expect(badSeller.status).toBe(400);
    expect(badSeller.body.error).toMatch(/^Seller id/);
  });

  it('stores a trimmed message, names the sender from the session and lists the shop as a friend', async () => {
    const priya = customer(0);
    const sent = await priya.api.post('/chat/customer/send-message-to-seller', {
      userId: 12345,
      name: 'Somebody Else',
      sellerId: seller(0).id,
      text: '  Is the saree available in blue?  ',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({
      senderId: priya.id,
      senderName: 'Priya Sharma',
      senderRole: 'customer',
      receverId: seller(0).id,
      message: 'Is the saree available in blue?',
    });
    const opened = await priya.api.post('/chat/customer/add-customer-friend', { sellerId: seller(0).id });
    expect(opened.body.currentFd).toEqual({ fdId: seller(0).id, name: seller(0).shopName });
    expect(opened.body.myFriends).toEqual([{ fdId: seller(0).id, name: seller(0).shopName }]);
    expect(opened.body.messages.map((m: ChatMessage) => m.message)).toEqual([
      'Is the saree available in blue?',
    ]);
  });

  it('lists friends by latest message and puts a newly opened shop first', async () => {
    const priya = customer(0);
    await priya.api.post('/chat/customer/send-message-to-seller', {
      sellerId: seller(1).id,
      text: 'Size 9 in stock?',
    });
    let friends = (await priya.api.post('/chat/customer/add-customer-friend', {})).body.myFriends;
    expect(friends.map((f: { fdId: number }) => f.fdId)).toEqual([seller(1).id, seller(0).id]);

    await priya.api.post('/chat/customer/send-message-to-seller', {
      sellerId: seller(0).id,
      text: 'Any update?',
    });
    friends = (await priya.api.post('/chat/customer/add-customer-friend', {})).body.myFriends;
    expect(friends.map((f: { fdId: number }) => f.fdId)).toEqual([seller(0).id, seller(1).id]);

    const opened = await priya.api.post('/chat/customer/add-customer-friend', { sellerId: seller(2).id });
    expect(opened.body.messages).toEqual([]);
    expect(opened.body.myFriends.map((f: { fdId: number }) => f.fdId)).toEqual([
      seller(2).id,
      seller(0).id,
      seller(1).id,
    ]);
  });

  it('pages history: the latest 50 oldest first, then the older ones before a message id', async () => {
    const kavya = customer(2);
    for (let i = 1; i <= 57; i++) {
      await kavya.api.post('/chat/customer/send-message-to-seller', {
        sellerId: seller(2).id,
        text: `message ${i}`,
      });
    }
    const opened = await kavya.api.post('/chat/customer/add-customer-friend', { sellerId: seller(2).id });
    const latest: ChatMessage[] = opened.body.messages;
    expect(latest).toHaveLength(50);
    expect(latest[0].message).toBe('message 8');
    expect(latest[49].message).toBe('message 57');
    const older = await kavya.api.get(`/chat/customer/messages/${seller(2).id}?before=${latest[0]._id}`);
    expect(older.status).toBe(200);
    expect(older.body.messages.map((m: ChatMessage) => m.message)).toEqual(
      Array.from({ length: 7 }, (_, i) => `message ${i + 1}`),
    );
    expect((await kavya.api.get(`/chat/customer/messages/${seller(2).id}?before=zero`)).status).toBe(400);
  });
});

describe('one customer cannot reach another customer’s conversation', () => {
  it('over REST: the body’s userId is ignored, history is per session', async () => {
    const priya = customer(0);
    const rahul = customer(1);
    const before = (await priya.api.get(`/chat/customer/messages/${seller(0).id}`)).body
      .messages as ChatMessage[];

    const posted = await rahul.api.post('/chat/customer/send-message-to-seller', {
      userId: priya.id,
      sellerId: seller(0).id,
      text: 'Posting as Priya?',
      name: 'Priya Sharma',
    });
    expect(posted.status).toBe(200);
    expect(posted.body.message).toMatchObject({ senderId: rahul.id, senderName: 'Rahul Verma' });

    const rahulView = await rahul.api.post('/chat/customer/add-customer-friend', {
      sellerId: seller(0).id,
      userId: priya.id,
    });
    expect(rahulView.body.messages.map((m: ChatMessage) => m.message)).toEqual(['Posting as Priya?']);
    const after = (await priya.api.get(`/chat/customer/messages/${seller(0).id}`)).body
      .messages as ChatMessage[];
    expect(after).toEqual(before);
  });

  it('over sockets: no token or a forged one is refused, and nothing of another customer arrives', async () => {
    await expect(openSocket(server.baseUrl)).rejects.toThrow('unauthorized');
    await expect(openSocket(server.baseUrl, { auth: { token: 'forged.token.value' } })).rejects.toThrow(
      'unauthorized',
    );
    const sellerSession = await asSeller(server.baseUrl, seller(0).email);
    // A seller cookie does not make a customer socket, and a customer token does not make a seller socket.
    await expect(openSocket(server.baseUrl, { cookie: sellerSession.cookie })).rejects.toThrow(
      'unauthorized',
    );
    await expect(
      openSocket(server.baseUrl, { auth: { role: 'seller', token: customer(0).token } }),
    ).rejects.toThrow('unauthorized');

    const priya = customer(0);
    const rahul = customer(1);
    const priyaSocket = await track(openSocket(server.baseUrl, { auth: { token: priya.token } }));
    const rahulSocket = await track(openSocket(server.baseUrl, { auth: { token: rahul.token } }));
    const sellerSocket = await track(
      openSocket(server.baseUrl, { auth: { role: 'seller' }, cookie: sellerSession.cookie }),
    );
    const priyaInbox = recordEvents<ChatMessage>(priyaSocket, 'seller_message');
    const rahulInbox = recordEvents<ChatMessage>(rahulSocket, 'seller_message');
    const sellerInbox = recordEvents<ChatMessage>(sellerSocket, 'customer_message');

    // Rahul claims to be Priya and pushes a message through the socket: neither is honoured.
    rahulSocket.emit('add_user', priya.id, { id: priya.id, name: priya.name });
    rahulSocket.emit('send_customer_message', {
      senderId: priya.id,
      receverId: seller(0).id,
      message: 'forged through the socket',
    });

    const reply = await sellerSession.client.post('/chat/seller/send-message-to-customer', {
      customerId: priya.id,
      text: 'Yes, blue is in stock.',
    });
    expect(reply.status).toBe(200);
    const delivered = await priyaInbox.next((m) => m.message === 'Yes, blue is in stock.');
    expect(delivered).toMatchObject({
      senderId: seller(0).id,
      senderName: seller(0).shopName,
      receverId: priya.id,
    });

    // Rahul's socket events were handled (his forged one among them), and all sent to him and the seller arrived.
    await caughtUp(rahulSocket);
    await caughtUp(sellerSocket);
    expect(rahulInbox.received).toEqual([]);
    expect(sellerInbox.received.map((m) => m.message)).not.toContain('forged through the socket');
    const stored = (await priya.api.get(`/chat/customer/messages/${seller(0).id}`)).body
      .messages as ChatMessage[];
    expect(stored.map((m) => m.message)).not.toContain('forged through the socket');
  });
});

describe('live delivery and presence', () => {
  it('delivers a customer message to every console of that seller only', async () => {
    const priya = customer(0);
    const owner = await asSeller(server.baseUrl, seller(1).email);
    const other = await asSeller(server.baseUrl, seller(2).email);
    const ownerTabs = [
      await track(openSocket(server.baseUrl, { auth: { role: 'seller' }, cookie: owner.cookie })),
      await track(openSocket(server.baseUrl, { auth: { role: 'seller' }, cookie: owner.cookie })),
    ].map((socket) => recordEvents<ChatMessage>(socket, 'customer_message'));
    const otherSocket = await track(
      openSocket(server.baseUrl, { auth: { role: 'seller' }, cookie: other.cookie }),
    );
    const otherInbox = recordEvents<ChatMessage>(otherSocket, 'customer_message');

    await priya.api.post('/chat/customer/send-message-to-seller', {
      sellerId: seller(1).id,
      text: 'Do you ship to Pune?',
    });
    for (const tab of ownerTabs) {
      expect(await tab.next((m) => m.message === 'Do you ship to Pune?')).toMatchObject({
        senderId: priya.id,
        senderName: priya.name,
        senderRole: 'customer',
        receverId: seller(1).id,
      });
    }
    await caughtUp(otherSocket);
    expect(otherInbox.received).toEqual([]);
  });

  it('reports a seller in activeSeller while connected and not after disconnecting', async () => {
    // Priya has written to seller 1 (above), so that shop's presence is hers to see.
    const shop = seller(1);
    const priyaSocket = createSocket(server.baseUrl, { auth: { token: customer(0).token } });
    const presence = recordEvents<{ sellerId: number }[]>(priyaSocket, 'activeSeller');
    await track(connected(priyaSocket));
    const initial = await presence.next();
    expect(initial.some((s) => s.sellerId === shop.id)).toBe(false);

    const session = await asSeller(server.baseUrl, shop.email);
    const first = await track(
      openSocket(server.baseUrl, { auth: { role: 'seller' }, cookie: session.cookie }),
    );
    const second = await track(
      openSocket(server.baseUrl, { auth: { role: 'seller' }, cookie: session.cookie }),
    );
    // Each console's connection is announced: wait for both announcements, so neither is mistaken for news of a
    // close.
    const showsShop = (list: { sellerId: number }[]) => list.some((s) => s.sellerId === shop.id);
    await presence.next(showsShop);
    await presence.next(showsShop, presence.received.findIndex(showsShop) + 1);

    // Still online while one of the two consoles is open.
    let mark = presence.mark();
    first.close();
    await presence.next(() => true, mark);
    const afterFirst = presence.received.slice(mark);
    expect(afterFirst.length).toBeGreaterThan(0);
    expect(afterFirst.every((list) => list.some((s) => s.sellerId === shop.id))).toBe(true);

    mark = presence.mark();
    second.close();
    const afterSecond = await presence.next((list) => !list.some((s) => s.sellerId === shop.id), mark);

    // add_user answers with the current list.
    mark = presence.mark();
    priyaSocket.emit('add_user', customer(0).id, {});
    expect(await presence.next(() => true, mark)).toEqual(afterSecond);
  });
});

describe('the seller side', () => {
  it('lists only the seller’s own conversations with unread counts, and reading clears them', async () => {
    const rahul = customer(1);
    const kavya = customer(2);
    await rahul.api.post('/chat/customer/send-message-to-seller', {
      sellerId: seller(1).id,
      text: 'Hello Vikram',
    });
    await kavya.api.post('/chat/customer/send-message-to-seller', { sellerId: seller(1).id, text: 'First' });
    await kavya.api.post('/chat/customer/send-message-to-seller', { sellerId: seller(1).id, text: 'Second' });

    const vikram = await asSeller(server.baseUrl, seller(1).email);
    const list = await vikram.client.get('/chat/seller/customers');
    expect(list.status).toBe(200);
    const conversations = list.body.customers as {
      customerId: number;
      name: string;
      unread: number;
      lastMessage: string;
    }[];
    expect(conversations[0]).toMatchObject({
      customerId: kavya.id,
      name: 'Kavya Nair',
      lastMessage: 'Second',
      unread: 2,
    });
    expect(conversations.map((c) => c.customerId).sort()).toEqual(
      [people.customers[0].id, rahul.id, kavya.id].sort(),
    );

    const history = await vikram.client.get(`/chat/seller/messages/${kavya.id}`);
    expect(history.body.messages.map((m: ChatMessage) => m.message)).toEqual(['First', 'Second']);
    const afterRead = (await vikram.client.get('/chat/seller/customers')).body
      .customers as typeof conversations;
    expect(afterRead.find((c) => c.customerId === kavya.id)!.unread).toBe(0);

    const meera = await asSeller(server.baseUrl, seller(2).email);
    const meeraList = (await meera.client.get('/chat/seller/customers')).body
      .customers as typeof conversations;
    expect(meeraList.map((c) => c.customerId)).toEqual([kavya.id]);
  });

  it('cannot read or write a conversation that belongs to another seller', async () => {
    const meera = await asSeller(server.baseUrl, seller(2).email);
    // Rahul has only ever written to sellers 0 and 1.
    const rahul = customer(1);
    const read = await meera.client.get(`/chat/seller/messages/${rahul.id}`);
    expect(read.status).toBe(404);
    const write = await meera.client.post('/chat/seller/send-message-to-customer', {
      customerId: rahul.id,
      text: 'Hi!',
    });
    expect(write.status).toBe(404);
    expect(
      (await meera.client.post('/chat/seller/send-message-to-customer', { customerId: rahul.id, text: '' }))
        .status,
    ).toBe(400);
  });

  it('keeps customer and seller sessions apart', async () => {
    const priya = customer(0);
    expect((await priya.api.get('/chat/seller/customers')).status).toBe(401);
    const vikram = await asSeller(server.baseUrl, seller(1).email);
    expect((await vikram.client.post('/chat/customer/add-customer-friend', {})).status).toBe(401);
  });
});

describe('persistence', () => {
  it('keeps history across a server restart on the same database', async () => {
    const priya = customer(0);
    await priya.api.post('/chat/customer/send-message-to-seller', {
      sellerId: seller(1).id,
      text: 'Before the restart',
    });
    const before = (await priya.api.get(`/chat/customer/messages/${seller(1).id}`)).body
      .messages as ChatMessage[];

    await server.app.close();
    // A new connection to the same SQLite file or PostgreSQL schema, and a new app on it.
    const reopened = openDatabase(server.config);
    const app = await buildApp({ config: server.config, database: reopened });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const after = await asCustomer(baseUrl, priya.token).get(`/chat/customer/messages/${seller(1).id}`);
      expect(after.status).toBe(200);
      expect(after.body.messages).toEqual(before);
      expect(before.at(-1)!.message).toBe('Before the restart');
    } finally {
      await app.close();
      await reopened.destroy();
    }
  });
});
