import { hash } from '@node-rs/argon2';
import { io as connect, type Socket } from 'socket.io-client';
import type { Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { signCustomerToken } from '../src/auth/session';
import { ApiClient } from './harness';

/** Not the published demo password of old (`seller123`), which a production start now refuses. */
export const SELLER_PASSWORD = 'chat-seller-secret-1';

export interface ChatPeople {
  sellers: { id: number; shopName: string; email: string }[];
  customers: { id: number; name: string; email: string }[];
}

/** Three shops with SELLER_PASSWORD and three customers, inserted straight into the database. */
export async function seedChatPeople(database: DatabaseHandle): Promise<ChatPeople> {
  const now = new Date().toISOString();
  const passwordHash = await hash(SELLER_PASSWORD);
  const sellers = [];
  for (const [name, shopName] of [
    ['Asha Rao', 'Asha Handlooms'],
    ['Vikram Shah', 'Vikram Footwear'],
    ['Meera Iyer', 'Meera Beauty'],
  ]) {
    const email = `${shopName.toLowerCase().replace(/\s+/g, '-')}@sellers.bazaar.in`;
    const row = await database.db
      .insertInto('sellers')
      .values({
        name,
        shop_name: shopName,
        email,
        password_hash: passwordHash,
        city: 'Hyderabad',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    sellers.push({ id: row.id, shopName, email });
  }
  const customers = [];
  for (const name of ['Priya Sharma', 'Rahul Verma', 'Kavya Nair']) {
    const email = `${name.split(' ')[0].toLowerCase()}@example.in`;
    const row = await database.db
      .insertInto('customers')
      .values({
        name,
        email,
        phone: null,
        password_hash: null,
        method: 'email',
        token_version: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    customers.push({ id: row.id, name, email });
  }
  return { sellers, customers };
}

export function customerToken(config: Config, customer: { id: number; name: string; email: string }): string {
  return signCustomerToken(config.jwtSecret, customer, 0);
}

/** An API client that sends the customer's token as the web app does (Authorization: Bearer). */
export function asCustomer(baseUrl: string, token: string) {
  const client = new ApiClient(baseUrl);
  const auth = { authorization: `Bearer ${token}` };
  return {
    get: (url: string) => client.request('GET', url, undefined, auth),
    post: (url: string, body: unknown = {}) => client.request('POST', url, body, auth),
  };
}

/** A seller console session: logs in and keeps the sellerToken cookie. */
export async function asSeller(baseUrl: string, email: string, password = SELLER_PASSWORD) {
  const client = new ApiClient(baseUrl);
  const login = await client.post('/seller/login', { email, password });
  if (login.status !== 200)
    throw new Error(`seller login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('sellerToken='));
  return { client, cookie: cookie! };
}

export interface SocketOptions {
  auth?: Record<string, unknown>;
  cookie?: string;
  /** The page's origin as a browser would send it; by default the server's own when a cookie rides along. */
  origin?: string | null;
  transports?: ('websocket' | 'polling')[];
}

/** A websocket client that starts connecting on the next tick, so listeners attached right away miss nothing. */
export function createSocket(baseUrl: string, options: SocketOptions = {}): Socket {
  const origin = options.origin === undefined ? (options.cookie ? baseUrl : null) : options.origin;
  const headers = {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(origin ? { origin } : {}),
  };
  return connect(baseUrl, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: options.auth ?? {},
    extraHeaders: headers,
  });
}

/** Resolves once the handshake is accepted, or rejects with its error. */
export function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export const openSocket = (baseUrl: string, options: SocketOptions = {}) =>
  connected(createSocket(baseUrl, options));

/** Records every payload of an event, so a test can wait for one or assert that none came. */
export function recordEvents<T = unknown>(socket: Socket, event: string) {
  const received: T[] = [];
  const waiters: { match: (value: T) => boolean; resolve: (value: T) => void }[] = [];
  socket.on(event, (value: T) => {
    received.push(value);
    for (const waiter of [...waiters]) {
      if (waiter.match(value)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(value);
      }
    }
  });
  return {
    received,
    /** Where the next event will land; pass it to `next` to ignore everything received before. */
    mark: () => received.length,
    next(match: (value: T) => boolean = () => true, from = 0, timeoutMs = 5000): Promise<T> {
      const already = received.slice(from).find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching ${event} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
        });
      });
    },
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the messages the server sent this socket before the call have arrived, so a test can then check
 * that some message did not come without waiting a fixed time. The socket asks for its presence snapshot
 * (add_user); the server sends it on the same connection after everything it sent earlier, and one connection's
 * events arrive in order. (Presence updates themselves are computed in the background: this does not order them.)
 */
export function caughtUp(socket: Socket): Promise<void> {
  const role = typeof socket.auth === 'object' ? (socket.auth as { role?: string }).role : undefined;
  const snapshot = role === 'seller' ? 'activeCustomer' : 'activeSeller';
  return new Promise((resolve) => {
    socket.once(snapshot, () => resolve());
    socket.emit('add_user');
  });
}
