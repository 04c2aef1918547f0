import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import type { AppContext } from '../context';
import { SELLER_COOKIE, SESSION_COOKIE, verifySessionToken } from '../auth/session';

/** Who is on the other end of a socket, fixed at the handshake; everything the socket does is as this identity. */
export type SocketIdentity =
  { role: 'customer'; id: number; name: string } | { role: 'seller'; id: number; name: string };

export interface Handshake {
  auth: Record<string, unknown>;
  cookies: Record<string, string | undefined>;
}

/** A verified handshake: who it is and the session it was opened with. */
export interface SocketSession {
  identity: SocketIdentity;
  sessionId: string;
}

/**
 * Verifies the handshake with the same session check as the API. A seller console asks for `auth.role: 'seller'`;
 * anything else is a customer. The token comes from `auth.token`, else from that role's httpOnly cookie.
 */
export async function identify(ctx: AppContext, handshake: Handshake): Promise<SocketSession | null> {
  const given =
    typeof handshake.auth.token === 'string' && handshake.auth.token ? handshake.auth.token : undefined;
  if (handshake.auth.role === 'seller') {
    const token = given ?? handshake.cookies[SELLER_COOKIE];
    const session = token ? await verifySessionToken(ctx, 'seller', token) : null;
    return session
      ? {
          identity: { role: 'seller', id: session.account.id, name: session.account.shopName },
          sessionId: session.sessionId,
        }
      : null;
  }
  const token = given ?? handshake.cookies[SESSION_COOKIE];
  const session = token ? await verifySessionToken(ctx, 'customer', token) : null;
  return session
    ? {
        identity: { role: 'customer', id: session.account.id, name: session.account.name },
        sessionId: session.sessionId,
      }
    : null;
}

/** The room of all of one person's sockets, in every process; a person is online while it has members. */
export const roomOf = (identity: Pick<SocketIdentity, 'role' | 'id'>) => `${identity.role}:${identity.id}`;

/** The room of the sockets opened with one session, in every process: they close when that session ends. */
export const sessionRoomOf = (sessionId: string) => `session:${sessionId}`;

/** What the server keeps on each socket. */
export interface SocketData {
  identity: SocketIdentity;
  /** The client address its per-IP cap is counted under. */
  address: string;
  /** The session the socket was opened with. */
  sessionId: string;
}
export type ChatServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type ChatSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
