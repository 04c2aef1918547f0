import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** A Host header value safe to paste into a CSP source expression (no spaces, quotes or semicolons). */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * What a JSON answer needs, after OWASP's REST Security Cheat Sheet: nothing in it may load or be framed, the
 * browser must not sniff it into HTML, and HTTPS sticks. The page headers below (CSP for the app, cross-origin
 * isolation, DNS prefetch …) mean nothing for JSON and would add some 700 bytes to every API answer.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-resource-policy': 'same-site',
} as const;

const isApiRequest = (url: string) => url.startsWith('/api/') || url === '/api';

/**
 * Security headers. Pages, scripts, fonts and pictures get helmet's set with a strict Content-Security-Policy
 * that the built web app runs under: only our own scripts (no inline script, no eval), our own images plus
 * data:/blob: ones (generated SVG placeholders and QR codes), websockets back to this host for Socket.IO, no
 * plugins, no framing. `style-src` allows inline styles because react-hot-toast injects its stylesheet at
 * runtime; styles cannot run code. API answers get the short set above.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  // One helmet middleware for the process: @fastify/helmet rebuilds it (and re-parses the CSP) on every request.
  const applyPageHeaders = helmet({
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
          (request: IncomingMessage) => {
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
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiRequest(request.url)) {
      reply.headers(API_HEADERS);
      done();
    } else {
      applyPageHeaders(request.raw, reply.raw, () => done());
    }
  });

  // Chromium shows PDFs (invoices) with a built-in plugin that the API's `default-src 'none'` would block.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/pdf')) {
      reply.removeHeader('content-security-policy');
    }
    done(null, payload);
  });
}
