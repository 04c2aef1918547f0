import { chatEvents, type ActiveCustomer, type ActiveSeller, type ChatRole } from '@bazaar/shared';
import type { AppContext } from '../context';
import { counterparts } from '../chat/service';
import { roomOf, type ChatServer, type ChatSocket, type SocketIdentity } from './identity';

const otherSide = (role: ChatRole): ChatRole => (role === 'customer' ? 'seller' : 'customer');

/**
 * Who is online, told only to people who have a conversation with them: a customer hears (activeSeller) about
 * the sellers in its friend list, a seller console (activeCustomer) about the customers who wrote to it. Each
 * person gets their own list; nobody learns the ids of strangers.
 */
export function presenceOf(io: ChatServer, ctx: AppContext) {
  /** Those of the given people who have a socket open in any process. */
  async function onlineAmong(role: ChatRole, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const sockets = await io.in(ids.map((id) => roomOf({ role, id }))).fetchSockets();
    return new Set(sockets.map((socket) => socket.data.identity.id));
  }

  /** For each person given, the people they talk to who are online now. */
  async function onlineCounterparts(role: ChatRole, ids: number[]): Promise<Map<number, number[]>> {
    const talksTo = await counterparts(ctx, role, ids);
    const online = await onlineAmong(otherSide(role), [...new Set([...talksTo.values()].flat())]);
    return new Map([...talksTo].map(([id, others]) => [id, others.filter((other) => online.has(other))]));
  }

  /** Tells a room or one socket which of its person's counterparts are online, with the spec's event. */
  function tell(target: { emit(event: string, list: unknown): unknown }, role: ChatRole, online: number[]) {
    const list =
      role === 'customer'
        ? online.map((sellerId): ActiveSeller => ({ sellerId }))
        : online.map((customerId): ActiveCustomer => ({ customerId }));
    target.emit(role === 'customer' ? chatEvents.activeSeller : chatEvents.activeCustomer, list);
  }

  /** Sends the lists of the given people of one side to all their sockets. */
  async function refresh(role: ChatRole, ids: number[]): Promise<void> {
    for (const [id, online] of await onlineCounterparts(role, ids))
      tell(io.to(roomOf({ role, id })), role, online);
  }

  return {
    /** The current list of the socket's person, to that socket alone (on connecting, and for the spec's add_user). */
    async snapshot(socket: ChatSocket): Promise<void> {
      const { role, id } = socket.data.identity;
      tell(socket, role, (await onlineCounterparts(role, [id])).get(id) ?? []);
    },

    /** A person came or went: everyone online who talks to them gets a fresh list. */
    async changed(person: Pick<SocketIdentity, 'role' | 'id'>): Promise<void> {
      const audience = (await counterparts(ctx, person.role, [person.id])).get(person.id) ?? [];
      const side = otherSide(person.role);
      await refresh(side, [...(await onlineAmong(side, audience))]);
    },

    /** Two people have just started talking: each gets a list that now may include the other. */
    async conversationStarted(customerId: number, sellerId: number): Promise<void> {
      await Promise.all([refresh('customer', [customerId]), refresh('seller', [sellerId])]);
    },
  };
}
