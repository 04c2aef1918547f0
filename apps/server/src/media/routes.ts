import type { FastifyInstance, FastifyReply } from 'fastify';
import { mediaParamsSchema } from '@bazaar/shared';
import { notFound } from '../http/errors';
import { binary, contentOf, declared, failures } from '../http/routeSchema';
import { isMediaKey, isPrivateMediaKey, type MediaStorage, type StoredFile } from '../storage';

/**
 * Stored pictures under /media/<key> (product, category and banner pictures; no image ever comes from the
 * internet). A key never changes its file, so answers may be cached forever.
 */
export async function mediaRoutes(
  app: FastifyInstance,
  { storage }: { storage: MediaStorage },
): Promise<void> {
  const schema = {
    tags: ['Media'],
    params: mediaParamsSchema,
    response: {
      200: contentOf('image/*', binary, 'The picture (SVG, PNG, JPEG, WebP or AVIF)'),
      ...failures(404),
    },
  };
  declared(app).get('/media/*', { schema }, async (request, reply) => {
    const key = request.params['*'];
    // Return photos are private (returns/routes.ts serves them to the people of the return only).
    const file = isMediaKey(key) && !isPrivateMediaKey(key) ? await storage.get(key) : undefined;
    // Anything else under /media is a missing picture, not a page of the web app.
    if (!file) throw notFound('No such image');
    return sendPicture(reply, file, 'public');
  });
}

/**
 * Sends a stored picture. A key never changes its file, so it may be cached for a year: by anyone for a public
 * picture, by the viewer's browser only for a private one (a return photo, which proxies must not keep).
 */
export function sendPicture(reply: FastifyReply, file: StoredFile, audience: 'public' | 'private') {
  return (
    reply
      .header('Content-Type', file.contentType)
      .header('Cache-Control', `${audience}, max-age=31536000, immutable`)
      .header('X-Content-Type-Options', 'nosniff')
      // Opened directly, a picture (an SVG is a document) may not run scripts or load anything.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(file.body)
  );
}
