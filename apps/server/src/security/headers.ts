import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** A Host header value safe to paste into a CSP source expression (no spaces, quotes or semicolons). */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * Security headers from helmet with a strict Content-Security-Policy that the built web app runs under:
 * only our own scripts (no inline script, no eval), our own images plus data:/blob: ones (generated SVG
 * placeholders and QR codes), websockets back to this host for Socket.IO, no plugins, no framing.
 * `style-src` allows inline styles because react-hot-toast injects its stylesheet at runtime; styles cannot run code.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          // Older Safari does not count ws(s):// to the same host as 'self'; name this host explicitly instead.
          (request) => {
            const host = request.headers.host ?? '';
            return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : '';
          },
        ],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // Same-origin by default would also be fine, but product pictures are plain files other shops may link to.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  // Chromium shows PDFs with a built-in plugin that `object-src 'none'` would block; a PDF runs no page script.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/pdf')) {
      reply.removeHeader('content-security-policy');
    }
    return payload;
  });
}
