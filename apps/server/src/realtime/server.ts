import type { FastifyInstance } from 'fastify';
import { Server, type DefaultEventsMap } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { chatEvents, chatSocketRefusals, type ChatMessage } from '@bazaar/shared';
import type { ChatDelivery } from '../chat/service';
import type { EndedSessions } from '../auth/session';
import {
  identify,
  roomOf,
  sessionRoomOf,
  type ChatServer,
  type ChatSocket,
  type SocketData,
  type SocketIdentity,
} from './identity';
import { clientAddress } from '../http/proxy';
import { handshakeOriginGuard } from './admission';
import { localSlots, redisSlots, type ConnectionSlots } from './connectionSlots';
import { localHandshakeRate, redisHandshakeRate, type HandshakeRate } from './handshakeRate';
import { presenceOf } from './presence';

export interface Realtime extends ChatDelivery {
  io: ChatServer;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * The largest packet a client may send. The spec's events carry a user id and profile or one chat message
 * (at most 2,000 characters); Socket.IO's default of 1 MB would let one socket make the server buffer far more.
 */
const MAX_PACKET_BYTES = 16 * 1024;

/** The window of the per-IP handshake budget (`CHAT_HANDSHAKES_PER_IP_PER_MINUTE`). */
const HANDSHAKE_WINDOW_MS = 60_000;

/** A fixed window of events: true while the socket is within its budget. */
function eventBudget(max: number, windowMs: number): () => boolean {
  let windowStart = Date.now();
  let spent = 0;
  return () => {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      spent = 0;
    }
    spent += 1;
    return spent <= max;
  };
}

/** The room of the sockets opened with sessions that just ended; operators have no sockets. */
function roomOfEnded(ended: EndedSessions): string | null {
  if ('sessionId' in ended) return sessionRoomOf(ended.sessionId);
  return ended.kind === 'operator' ? null : roomOf({ role: ended.kind, id: ended.accountId });
}

/**
 * Socket.IO on the API's own HTTP server (path /socket.io). With REDIS_URL the Redis adapter carries room
 * messages and presence queries between server processes, and the socket caps are counted in Redis; without it
 * everything stays in this process.
 */
export function installRealtime(app: FastifyInstance): void {
  const { ctx } = app;
  const limits = ctx.config.chatLimits;
  const isAllowedOrigin = handshakeOriginGuard({
    trustedOrigins: ctx.config.trustedOrigins,
    trustedProxyHops: ctx.config.trustedProxyHops,
    parseCookie: (header) => app.parseCookie(header),
  });
  const io: ChatServer = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>(
    app.server,
    {
      path: '/socket.io',
      serveClient: false,
      maxHttpBufferSize: MAX_PACKET_BYTES,
      cors: ctx.config.env === 'production' ? undefined : { origin: ctx.config.devOrigin, credentials: true },
      // Runs on the handshake of both transports (see handshakeOriginGuard).
      allowRequest: (request, answer) => answer(null, isAllowedOrigin(request)),
    },
  );

  let redisClients: Redis[] = [];
  let commands: Redis | undefined;
  if (ctx.config.redisUrl) {
    const pub = new Redis(ctx.config.redisUrl, { lazyConnect: false });
    const sub = pub.duplicate();
    for (const client of [pub, sub])
      client.on('error', (err) => ctx.log.error({ err }, 'redis connection error'));
    redisClients = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: ctx.config.redisKeyPrefix }));
    // The publishing connection also runs commands (the subscriber cannot), here the shared socket counts.
    commands = pub;
  }
  const slots: ConnectionSlots = commands
    ? redisSlots(commands, ctx.config.redisKeyPrefix, (err) =>
        ctx.log.warn({ err }, 'socket slot count failed'),
      )
    : localSlots();
  const handshakes: HandshakeRate = commands
    ? redisHandshakeRate(
        commands,
        ctx.config.redisKeyPrefix,
        limits.handshakesPerIpPerMinute,
        HANDSHAKE_WINDOW_MS,
        (err) => ctx.log.warn({ err }, 'socket handshake count failed'),
      )
    : localHandshakeRate(limits.handshakesPerIpPerMinute, HANDSHAKE_WINDOW_MS);

  const presence = presenceOf(io, ctx);
  // Set once the app starts closing: presence broadcasts from the sockets being closed would otherwise publish on
  // Redis connections that are shutting down, and the adapter does not catch those failures.
  let closing = false;
  const inBackground = (work: Promise<void>, what: string) =>
    work.catch((err) => ctx.log.warn({ err }, `${what} failed`));
  const announce = (person: SocketIdentity) => {
    if (!closing) void inBackground(presence.changed(person), 'presence update');
  };

  const sessionOf = (socket: ChatSocket) =>
    identify(ctx, {
      auth: (socket.handshake.auth ?? {}) as Record<string, unknown>,
      cookies: app.parseCookie(socket.handshake.headers.cookie ?? ''),
    });

  /** Decides whether a socket may connect: null admits it, anything else is the refusal its client is told. */
  async function admit(socket: ChatSocket): Promise<string | null> {
    const address = clientAddress(socket.request, ctx.config.trustedProxyHops);
    // Counted before the session check: that check is the work a reconnect loop would make the server repeat.
    if (!(await handshakes.allow(address))) return chatSocketRefusals.tooManyAttempts;
    const session = await sessionOf(socket);
    if (!session) return chatSocketRefusals.unauthorized;
    const { identity } = session;
    socket.data.identity = identity;
    socket.data.sessionId = session.sessionId;
    socket.data.address = address;
    const slotKeys = [roomOf(identity), `ip:${address}`];
    const admitted = await slots.take(socket.id, [
      { key: slotKeys[0], cap: limits.socketsPerPerson },
      { key: slotKeys[1], cap: limits.socketsPerIp },
    ]);
    if (!admitted) return chatSocketRefusals.tooManyConnections;
    // Given back when the connection closes, even if it closes before the socket is connected.
    const giveBack = () => void slots.give(socket.id, slotKeys);
    if (socket.conn.readyState === 'closed') giveBack();
    else socket.conn.once('close', giveBack);
    return null;
  }

  io.use((socket, next) => {
    admit(socket).then(
      (refusal) => next(refusal === null ? undefined : new Error(refusal)),
      (err) => {
        ctx.log.error({ err }, 'socket handshake failed');
        next(new Error(chatSocketRefusals.unauthorized));
      },
    );
  });

  io.on('connection', (socket: ChatSocket) => {
    const { identity } = socket.data;
    socket.on('disconnect', () => announce(identity));
    // Every event counts against the socket's budget; a socket that floods is cut off rather than answered.
    const withinBudget = eventBudget(limits.socketEventsPerWindow, limits.socketEventWindowSeconds * 1000);
    socket.use((_packet, next) => {
      if (withinBudget()) return next();
      // Packets already received in the same read still come through here; one disconnect is enough.
      if (!socket.connected) return;
      ctx.log.warn({ identity }, 'socket over its event budget, disconnected');
      socket.disconnect(true);
    });
    // A socket only ever joins its own rooms; there is no event that joins anything else. Ending the session, or
    // all of the person's sessions, disconnects the room's sockets.
    void socket.join([roomOf(identity), sessionRoomOf(socket.data.sessionId)]);
    // A session that ended between the handshake's check and these joins missed its disconnect: check once more.
    void inBackground(
      sessionOf(socket).then((session) => {
        if (session?.sessionId !== socket.data.sessionId) socket.disconnect(true);
      }),
      'socket session re-check',
    );
    announce(identity);
    const sendSnapshot = () => void inBackground(presence.snapshot(socket), 'presence snapshot');
    sendSnapshot();
    // Spec: the client announces itself; its ids are ignored (the handshake decided who it is), it gets presence.
    socket.on(chatEvents.addUser, sendSnapshot);
    // Spec: the client echoes its last sent message. The REST call already stored and delivered it, so relaying
    // it again would duplicate it, and trusting its contents would let a client speak for someone else: no-op.
    socket.on(chatEvents.sendCustomerMessage, () => undefined);
  });

  app.decorate('realtime', {
    io,
    toSeller(sellerId: number, message: ChatMessage) {
      io.to(roomOf({ role: 'seller', id: sellerId })).emit(chatEvents.customerMessage, message);
    },
    toCustomer(customerId: number, message: ChatMessage) {
      io.to(roomOf({ role: 'customer', id: customerId })).emit(chatEvents.sellerMessage, message);
    },
    conversationStarted(customerId: number, sellerId: number) {
      if (!closing) void inBackground(presence.conversationStarted(customerId, sellerId), 'presence update');
    },
  } satisfies Realtime);

  // Sessions end in the session module; it tells this listener, whose disconnect reaches every process.
  ctx.sessionsEndedListeners.push((ended) => {
    const room = roomOfEnded(ended);
    if (room && !closing) io.in(room).disconnectSockets(true);
  });

  // Open websockets would otherwise keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    closing = true;
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
    slots.stop();
    handshakes.stop();
    await Promise.all(redisClients.map((client) => client.quit().catch(() => client.disconnect())));
  });
}
