import type { FastifyInstance } from 'fastify';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { chatEvents, type ActiveCustomer, type ActiveSeller, type ChatMessage } from '@bazaar/shared';
import type { ChatDelivery } from '../chat/service';
import { identify, roleRoom, roomOf, type SocketIdentity } from './identity';

export interface Realtime extends ChatDelivery {
  io: Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

interface SocketData {
  identity: SocketIdentity;
}
type ChatSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/**
 * Socket.IO on the API's own HTTP server (path /socket.io). With REDIS_URL the Redis adapter carries room
 * messages and presence queries between server processes; without it everything stays in this process.
 */
export function installRealtime(app: FastifyInstance): void {
  const { ctx } = app;
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: ctx.config.env === 'production' ? undefined : { origin: ctx.config.devOrigin, credentials: true },
  });

  let redisClients: Redis[] = [];
  if (ctx.config.redisUrl) {
    const pub = new Redis(ctx.config.redisUrl, { lazyConnect: false });
    const sub = pub.duplicate();
    for (const client of [pub, sub])
      client.on('error', (err) => ctx.log.error({ err }, 'redis connection error'));
    redisClients = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: ctx.config.redisKeyPrefix }));
  }

  /** Distinct ids of the connected sockets of a role, across every process. */
  async function online(role: SocketIdentity['role']): Promise<number[]> {
    const sockets = await io.in(roleRoom(role)).fetchSockets();
    return [...new Set(sockets.map((s) => s.data.identity.id))];
  }
  const activeSellers = async (): Promise<ActiveSeller[]> =>
    (await online('seller')).map((sellerId) => ({ sellerId }));
  const activeCustomers = async (): Promise<ActiveCustomer[]> =>
    (await online('customer')).map((customerId) => ({ customerId }));

  // Set once the app starts closing: presence broadcasts from the sockets being closed would otherwise publish on
  // Redis connections that are shutting down, and the adapter does not catch those failures.
  let closing = false;

  /** Presence changed: tell everyone which sellers are online, and the consoles which customers are. */
  function announcePresence(role: SocketIdentity['role']): void {
    if (closing) return;
    const announce =
      role === 'seller'
        ? activeSellers().then((list) => closing || io.emit(chatEvents.activeSeller, list))
        : activeCustomers().then(
            (list) => closing || io.to(roleRoom('seller')).emit(chatEvents.activeCustomer, list),
          );
    announce.catch((err) => ctx.log.warn({ err }, 'presence update failed'));
  }

  io.use((socket, next) => {
    const handshake = {
      auth: (socket.handshake.auth ?? {}) as Record<string, unknown>,
      cookies: app.parseCookie(socket.handshake.headers.cookie ?? ''),
    };
    identify(ctx, handshake)
      .then((identity) => {
        if (!identity) return next(new Error('unauthorized'));
        socket.data.identity = identity;
        next();
      })
      .catch((err) => {
        ctx.log.error({ err }, 'socket handshake failed');
        next(new Error('unauthorized'));
      });
  });

  io.on('connection', (socket: ChatSocket) => {
    const { identity } = socket.data;
    // A socket only ever joins its own rooms; there is no event that joins anything else.
    void socket.join([roomOf(identity), roleRoom(identity.role)]);
    announcePresence(identity.role);
    const sendCurrentPresence = () => {
      const current =
        identity.role === 'customer'
          ? activeSellers().then((list) => socket.emit(chatEvents.activeSeller, list))
          : activeCustomers().then((list) => socket.emit(chatEvents.activeCustomer, list));
      current.catch((err) => ctx.log.warn({ err }, 'presence snapshot failed'));
    };
    sendCurrentPresence();
    // Spec: the client announces itself; its ids are ignored (the handshake decided who it is), it gets presence.
    socket.on(chatEvents.addUser, sendCurrentPresence);
    // Spec: the client echoes its last sent message. The REST call already stored and delivered it, so relaying
    // it again would duplicate it, and trusting its contents would let a client speak for someone else: no-op.
    socket.on(chatEvents.sendCustomerMessage, () => undefined);
    socket.on('disconnect', () => announcePresence(identity.role));
  });

  app.decorate('realtime', {
    io,
    toSeller(sellerId: number, message: ChatMessage) {
      io.to(roomOf({ role: 'seller', id: sellerId })).emit(chatEvents.customerMessage, message);
    },
    toCustomer(customerId: number, message: ChatMessage) {
      io.to(roomOf({ role: 'customer', id: customerId })).emit(chatEvents.sellerMessage, message);
    },
  } satisfies Realtime);

  // Open websockets would otherwise keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    closing = true;
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
    await Promise.all(redisClients.map((client) => client.quit().catch(() => client.disconnect())));
  });
}
