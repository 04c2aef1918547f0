/**
 * Issue 14, findings 5, 6 and 16 (chat part): cross-site WebSocket hijacking, socket floods and caps, presence
 * limited to the people one talks to, and the per-sender message budget.
 */
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { chatSocketRefusals } from '@bazaar/shared';
import { loadConfig } from '../src/config';
import { startTestServer, type TestServer } from './harness';
import {
  asCustomer,
  asSeller,
  connected,
  createSocket,
  customerToken,
  openSocket,
  pause,
  recordEvents,
  seedChatPeople,
  type ChatPeople,
  type SocketOptions,
} from './chatFixtures';

const LIMITS = {
  ...loadConfig({ dataDir: tmpdir() }).chatLimits,
  socketsPerPerson: 3,
  socketsPerIp: 7,
  socketEventsPerWindow: 20,
  socketEventWindowSeconds: 60,
  messagesPerMinute: 5,
};

let server: TestServer;
let people: ChatPeople;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    config: { chatLimits: LIMITS },
    prepare: async (database) => {
      people = await seedChatPeople(database);
    },
  });
});
afterAll(() => server?.close());
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  // The caps count open sockets: wait until the server has seen every one of this test's sockets close.
  await until(async () => (await server.app.realtime.io.fetchSockets()).length === 0);
});

async function until(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await pause(20);
  }
}

const track = async (socket: Promise<Socket>) => {
  const opened = await socket;
  sockets.push(opened);
  return opened;
};
/** Opens a socket and keeps it for closing after the test; rejects with the handshake's error. */
const open = (options: SocketOptions) => track(openSocket(server.baseUrl, options));

const customer = (index: number) => {
  const person = people.customers[index];
  const token = customerToken(server.config, person);
  return { ...person, token, api: asCustomer(server.baseUrl, token) };
};
const customerCookie = (index: number) => `customerToken=${customer(index).token}`;
const seller = (index: number) => people.sellers[index];

/** Another port of the same host: same site, so a browser sends the Lax session cookie along. */
const sameSiteOtherPort = () => `http://127.0.0.1:${Number(new URL(server.baseUrl).port) + 1}`;

/** An engine.io handshake over long-polling, exactly as sent (fetch adds no Origin of its own). */
async function pollingHandshake(headers: Record<string, string>) {
  return fetch(`${server.baseUrl}/socket.io/?EIO=4&transport=polling`, { headers });
}

describe('finding 5: the socket handshake must come from this site', () => {
  it('refuses a websocket from another origin with the shopper’s or seller’s cookie, accepts this site’s', async () => {
    const shop = await asSeller(server.baseUrl, seller(0).email);
    for (const origin of [sameSiteOtherPort(), 'https://evil.example', 'null']) {
      await expect(open({ cookie: customerCookie(0), origin }), origin).rejects.toThrow();
      await expect(
        open({ auth: { role: 'seller' }, cookie: shop.cookie, origin }),
        `seller ${origin}`,
      ).rejects.toThrow();
    }

    // This site and the trusted dev origin get a socket, and it is the cookie's customer.
    const priya = customer(0);
    const own = await open({ cookie: customerCookie(0) });
    const dev = await open({ cookie: customerCookie(0), origin: server.config.devOrigin });
    const inboxes = [own, dev].map((socket) => recordEvents<{ message: string }>(socket, 'seller_message'));
    await priya.api.post('/chat/customer/send-message-to-seller', { sellerId: seller(0).id, text: 'hello' });
    await shop.client.post('/chat/seller/send-message-to-customer', {
      customerId: priya.id,
      text: 'hi Priya',
    });
    for (const inbox of inboxes) await inbox.next((m) => m.message === 'hi Priya');
  });

  it('refuses a long-polling handshake from another origin, and accepts this site’s', async () => {
    const cookie = customerCookie(0);
    for (const origin of [sameSiteOtherPort(), 'https://evil.example']) {
      expect((await pollingHandshake({ cookie, origin })).status, origin).toBe(403);
      await expect(open({ cookie, origin, transports: ['polling'] }), `client ${origin}`).rejects.toThrow();
    }
    // A same-origin polling GET carries no Origin; its Referer names the page, as the CSRF guard accepts.
    expect((await pollingHandshake({ cookie, referer: `${server.baseUrl}/dashboard/chat` })).status).toBe(
      200,
    );
    expect((await pollingHandshake({ cookie, origin: server.baseUrl })).status).toBe(200);
    expect((await pollingHandshake({ cookie, referer: `${sameSiteOtherPort()}/steal.html` })).status).toBe(
      403,
    );
    // The full polling transport (and the default polling-then-websocket) works from this site.
    const polling = await open({ cookie, origin: server.baseUrl, transports: ['polling'] });
    expect(polling.connected).toBe(true);
    const upgrading = await open({ cookie, origin: server.baseUrl, transports: ['polling', 'websocket'] });
    expect(upgrading.connected).toBe(true);
  });

  it('refuses a cookie without any origin, but lets a token-only client without cookies connect', async () => {
    await expect(open({ cookie: customerCookie(0), origin: null })).rejects.toThrow();
    expect((await pollingHandshake({ cookie: customerCookie(0) })).status).toBe(403);

    // Like an API call with a Bearer header: nothing a browser attaches on its own, so no origin is needed.
    const app = await open({ auth: { token: customer(0).token }, origin: null });
    expect(app.connected).toBe(true);
    // But a page of another origin does not get a socket by holding a token: CORS does not guard websockets.
    await expect(
      open({ auth: { token: customer(0).token }, origin: 'https://evil.example' }),
    ).rejects.toThrow();
  });
});

describe('finding 6: socket abuse', () => {
  it('cuts off a socket that floods add_user instead of answering each one', async () => {
    const socket = createSocket(server.baseUrl, { auth: { token: customer(1).token } });
    const answers = recordEvents(socket, 'activeSeller');
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await track(connected(socket));
    await answers.next();
    for (let i = 0; i < 500; i++) socket.emit('add_user', customer(1).id, { id: customer(1).id });
    expect(await closed).toBe('io server disconnect');
    // The connection snapshot plus at most the budget's worth of answers.
    expect(answers.received.length).toBeLessThanOrEqual(LIMITS.socketEventsPerWindow + 1);
  });

  it('closes a socket that sends an oversized packet', async () => {
    const socket = createSocket(server.baseUrl, { auth: { token: customer(1).token } });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await track(connected(socket));
    socket.emit('send_customer_message', { message: 'x'.repeat(64 * 1024) });
    expect(await closed).toBe('transport close');
  });

  it('caps the open sockets of one customer and of one seller, and gives a slot back on close', async () => {
    const token = customer(1).token;
    const tabs = await Promise.allSettled(
      Array.from({ length: 20 }, () => open({ auth: { token }, origin: null })),
    );
    expect(tabs.filter((tab) => tab.status === 'fulfilled')).toHaveLength(LIMITS.socketsPerPerson);
    for (const tab of tabs) {
      if (tab.status === 'rejected')
        expect((tab.reason as Error).message).toBe(chatSocketRefusals.tooManyConnections);
    }
    // Closing one tab frees its slot for the next.
    const first = sockets[0];
    first.close();
    await until(async () => (await server.app.realtime.io.fetchSockets()).length < LIMITS.socketsPerPerson);
    expect((await open({ auth: { token }, origin: null })).connected).toBe(true);

    const shop = await asSeller(server.baseUrl, seller(1).email);
    const consoles = await Promise.allSettled(
      Array.from({ length: 6 }, () => open({ auth: { role: 'seller' }, cookie: shop.cookie })),
    );
    expect(consoles.filter((tab) => tab.status === 'fulfilled')).toHaveLength(LIMITS.socketsPerPerson);
  });

  it('caps the open sockets from one IP across people', async () => {
    const opened = [];
    for (const index of [0, 1, 2]) {
      for (let tab = 0; tab < LIMITS.socketsPerPerson; tab++) {
        if (opened.length === LIMITS.socketsPerIp) break;
        opened.push(await open({ auth: { token: customer(index).token }, origin: null }));
      }
    }
    expect(opened).toHaveLength(LIMITS.socketsPerIp);
    const shop = await asSeller(server.baseUrl, seller(2).email);
    await expect(open({ auth: { role: 'seller' }, cookie: shop.cookie })).rejects.toThrow(
      chatSocketRefusals.tooManyConnections,
    );
  });

  it('tells each side only about the people it has a conversation with', async () => {
    // Kavya (customer 2) talks to seller 0 only; Rahul (customer 1) to nobody yet.
    const kavya = customer(2);
    const rahul = customer(1);
    await kavya.api.post('/chat/customer/send-message-to-seller', { sellerId: seller(0).id, text: 'Hi' });

    const kavyaSocket = createSocket(server.baseUrl, { auth: { token: kavya.token } });
    const kavyaSees = recordEvents<{ sellerId: number }[]>(kavyaSocket, 'activeSeller');
    await track(connected(kavyaSocket));
    const rahulSocket = createSocket(server.baseUrl, { auth: { token: rahul.token } });
    const rahulSees = recordEvents<{ sellerId: number }[]>(rahulSocket, 'activeSeller');
    await track(connected(rahulSocket));

    const talksToKavya = await asSeller(server.baseUrl, seller(0).email);
    const stranger = await asSeller(server.baseUrl, seller(2).email);
    const ownConsole = createSocket(server.baseUrl, {
      auth: { role: 'seller' },
      cookie: talksToKavya.cookie,
    });
    const ownSees = recordEvents<{ customerId: number }[]>(ownConsole, 'activeCustomer');
    await track(connected(ownConsole));
    const strangerConsole = createSocket(server.baseUrl, {
      auth: { role: 'seller' },
      cookie: stranger.cookie,
    });
    const strangerSees = recordEvents<{ customerId: number }[]>(strangerConsole, 'activeCustomer');
    await track(connected(strangerConsole));

    // Kavya learns that her seller is online; the console learns that Kavya is.
    await kavyaSees.next((list) => list.some((s) => s.sellerId === seller(0).id));
    await ownSees.next((list) => list.some((c) => c.customerId === kavya.id));
    await pause(300); // every announcement of these four connections has arrived
    const sellerIds = [...kavyaSees.received, ...rahulSees.received].flat().map((s) => s.sellerId);
    expect(new Set(kavyaSees.received.flat().map((s) => s.sellerId))).toEqual(new Set([seller(0).id]));
    expect(rahulSees.received.flat()).toEqual([]);
    expect(sellerIds).not.toContain(seller(2).id);
    expect(ownSees.received.flat().map((c) => c.customerId)).not.toContain(rahul.id);
    expect(strangerSees.received.flat()).toEqual([]);

    // The first message starts a conversation: from then on both sides see each other.
    const mark = ownSees.mark();
    await rahul.api.post('/chat/customer/send-message-to-seller', { sellerId: seller(0).id, text: 'Hello' });
    await ownSees.next((list) => list.some((c) => c.customerId === rahul.id), mark);
    await rahulSees.next((list) => list.some((s) => s.sellerId === seller(0).id));
    expect(strangerSees.received.flat()).toEqual([]);
  });
});

describe('finding 6: reconnecting in a loop', () => {
  it('refuses an IP’s handshakes beyond its budget per minute, before checking any session', async () => {
    const budget = 4;
    const strict = await startTestServer({
      config: { chatLimits: { ...LIMITS, handshakesPerIpPerMinute: budget } },
      prepare: async (database) => void (await seedChatPeople(database)),
    });
    try {
      const token = customerToken(strict.config, people.customers[0]);
      for (let i = 0; i < budget; i++) (await openSocket(strict.baseUrl, { auth: { token } })).close();
      await expect(openSocket(strict.baseUrl, { auth: { token } })).rejects.toThrow(
        chatSocketRefusals.tooManyAttempts,
      );
      // Even a handshake without any session counts, and is turned away the same way.
      await expect(openSocket(strict.baseUrl, { auth: { token: 'forged' } })).rejects.toThrow(
        chatSocketRefusals.tooManyAttempts,
      );
    } finally {
      await strict.close();
    }
  });
});

describe('finding 16: chat messages have a budget per sender', () => {
  it('answers 429 with a clear message once a customer or a seller sends too many, per sender', async () => {
    // Someone who has sent nothing yet in this file, so the whole budget is theirs.
    const now = new Date().toISOString();
    const row = await server.database.db
      .insertInto('customers')
      .values({
        name: 'Neha Gupta',
        email: 'neha@example.in',
        phone: null,
        password_hash: null,
        method: 'email',
        token_version: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const neha = { id: row.id, name: 'Neha Gupta', email: 'neha@example.in' };
    const newcomer = { ...neha, api: asCustomer(server.baseUrl, customerToken(server.config, neha)) };
    const send = (who: { api: ReturnType<typeof asCustomer> }) =>
      who.api.post('/chat/customer/send-message-to-seller', { sellerId: seller(1).id, text: 'ping' });
    for (let i = 0; i < LIMITS.messagesPerMinute; i++) expect((await send(newcomer)).status).toBe(200);
    const refused = await send(newcomer);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^You are sending messages too quickly\. Please wait \d+ seconds?/);
    // Nothing was stored for the refused one, and another customer still has their own budget.
    const history = await newcomer.api.get(`/chat/customer/messages/${seller(1).id}`);
    expect(history.body.messages).toHaveLength(LIMITS.messagesPerMinute);
    expect((await send(customer(2))).status).toBe(200);

    const shop = await asSeller(server.baseUrl, seller(1).email);
    const reply = () =>
      shop.client.post('/chat/seller/send-message-to-customer', { customerId: newcomer.id, text: 'pong' });
    for (let i = 0; i < LIMITS.messagesPerMinute; i++) expect((await reply()).status).toBe(200);
    const tooMany = await reply();
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.error).toMatch(/^You are sending messages too quickly/);
  });
});
