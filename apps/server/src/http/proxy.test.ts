import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, proxyTrust } from './proxy';

/** Fastify's request.ip and the sockets' clientAddress for one request, under the same number of proxies. */
async function addressesSeen(hops: number, forwardedFor?: string) {
  const app = Fastify({ trustProxy: proxyTrust(hops) });
  app.get('/', async (request) => ({ fastify: request.ip, sockets: clientAddress(request.raw, hops) }));
  const response = await app.inject({
    url: '/',
    remoteAddress: '10.0.0.2',
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return response.json<{ fastify: string; sockets: string }>();
}

describe('TRUST_PROXY hops', () => {
  it('takes the address the nearest trusted proxy saw, never what the client wrote further left', async () => {
    // One proxy appended the client's real address; the client forged the entries before it.
    expect(await addressesSeen(1, '198.51.100.9, 203.0.113.7')).toEqual({
      fastify: '203.0.113.7',
      sockets: '203.0.113.7',
    });
    expect(await addressesSeen(2, '198.51.100.9, 203.0.113.7, 10.0.0.1')).toEqual({
      fastify: '203.0.113.7',
      sockets: '203.0.113.7',
    });
  });

  it('falls back to the connection when the header is missing or shorter than the proxy chain', async () => {
    expect(await addressesSeen(1)).toEqual({ fastify: '10.0.0.2', sockets: '10.0.0.2' });
    expect(await addressesSeen(3, '203.0.113.7')).toEqual({ fastify: '203.0.113.7', sockets: '203.0.113.7' });
  });

  it('ignores the header without proxies', async () => {
    expect(await addressesSeen(0, '203.0.113.7')).toEqual({ fastify: '10.0.0.2', sockets: '10.0.0.2' });
  });
});
