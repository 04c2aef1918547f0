import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { bannerImageParamsSchema, categoryImageParamsSchema, productImageParamsSchema } from '@bazaar/shared';
import { notFound } from '../http/errors';
import { renderBannerImage, renderCategoryImage, renderProductImage } from './render';

/** Rendered pictures are pure functions of their path, so a small memo saves re-rendering popular ones. */
const MEMO_LIMIT = 2000;
const memo = new Map<string, string>();

function memoised(key: string, render: () => string): string {
  const cached = memo.get(key);
  if (cached !== undefined) return cached;
  const svg = render();
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(key, svg);
  return svg;
}

function paramsOr404<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw notFound('No such image');
  return result.data;
}

function sendSvg(reply: FastifyReply, svg: string) {
  return (
    reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      // Opened directly, the picture may not run scripts or load anything.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg)
  );
}

/** Generated product, category and banner pictures under /media (no image ever comes from the internet). */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get('/media/p/:kind/:colour/:file', async (request, reply) => {
    const { kind, colour, file } = paramsOr404(productImageParamsSchema, request.params);
    const variant = Number.parseInt(file, 10);
    const hex = colour.toLowerCase();
    return sendSvg(
      reply,
      memoised(`p/${kind}/${hex}/${variant}`, () => renderProductImage(kind, hex, variant)),
    );
  });

  app.get('/media/c/:kind/:file', async (request, reply) => {
    const { kind, file } = paramsOr404(categoryImageParamsSchema, request.params);
    const hex = file.slice(0, 6).toLowerCase();
    return sendSvg(
      reply,
      memoised(`c/${kind}/${hex}`, () => renderCategoryImage(kind, hex)),
    );
  });

  app.get('/media/banner/:file', async (request, reply) => {
    const { file } = paramsOr404(bannerImageParamsSchema, request.params);
    const n = Number.parseInt(file, 10);
    return sendSvg(
      reply,
      memoised(`banner/${n}`, () => renderBannerImage(n)),
    );
  });

  // Anything else under /media is a missing picture, not a page of the web app.
  app.get('/media/*', async () => {
    throw notFound('No such image');
  });
}
