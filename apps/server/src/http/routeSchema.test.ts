import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declared, droppedField, installRouteSchemas } from './routeSchema';

/** What a declared route answers when its handler returns `answer` against the response schema `schema`. */
async function answerOf(failOnDroppedFields: boolean, schema: z.ZodType, answer: unknown) {
  const app = Fastify();
  installRouteSchemas(app, { failOnDroppedFields });
  app.setErrorHandler((error: Error, _request, reply) => reply.status(500).send({ error: error.message }));
  declared(app).get('/answer', { schema: { response: { 200: schema } } }, async () => answer);
  const response = await app.inject({ url: '/answer' });
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

/** An answer carrying a field (`secret`) its response schema does not declare. */
const answerWithUndeclaredField = (failOnDroppedFields: boolean) =>
  answerOf(failOnDroppedFields, z.object({ name: z.string() }), { name: 'kurta', secret: 'not for clients' });

/** An answer giving a count as text: zod refuses it, a compiled writer turns it into the number. */
const answerWithCountAsText = (failOnDroppedFields: boolean) =>
  answerOf(failOnDroppedFields, z.object({ count: z.number() }), { count: '5' });

describe('declared answers', () => {
  it('are written in production by code compiled from the schema', async () => {
    expect(await answerWithCountAsText(false)).toEqual({ status: 200, body: { count: 5 } });
  });

  it('are still checked by zod under tests, so an answer production would bend is an error there', async () => {
    expect((await answerWithCountAsText(true)).status).toBe(500);
  });

  it('leave out undeclared fields in production', async () => {
    expect(await answerWithUndeclaredField(false)).toEqual({ status: 200, body: { name: 'kurta' } });
  });

  it('refuse to drop a field under tests, naming it', async () => {
    const { status, body } = await answerWithUndeclaredField(true);
    expect(status).toBe(500);
    expect(body.error).toContain('.secret is not declared');
  });

  it('finds dropped fields at any depth, ignoring undefined ones', () => {
    expect(droppedField({ a: [{ b: 1, c: 2 }] }, { a: [{ b: 1 }] })).toBe('.a[0].c');
    expect(droppedField({ a: 1, b: undefined }, { a: 1 })).toBeUndefined();
  });
});
