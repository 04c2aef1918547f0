/** Security headers, session cookies, CSRF origin check, token expiry and revocation, body and time limits. */
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OTP_TEXT_PATTERN, type SmsProvider } from '../src/auth/sms';
import { SESSION_COOKIE, signCustomerToken } from '../src/auth/session';
import { CSRF_REFUSAL } from '../src/security/csrf';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { catalog } from './orders-fixtures';
import {
  enableSellerLogins,
  fillAccount,
  PASSWORD,
  registerShopper,
  seedCatalog,
  signedInOperator,
  signedInSeller,
  type ShopperData,
} from './security-fixtures';

class CapturingSms implements SmsProvider {
  readonly codes = new Map<string, string>();
  async send(mobile: string, text: string) {
    this.codes.set(mobile, text.match(OTP_TEXT_PATTERN)![1]);
  }
}

let server: TestServer;
let shopper: ShopperData;
const sms = new CapturingSms();
const EVIL = 'https://evil.example';

beforeAll(async () => {
  server = await startTestServer({
    sms,
    prepare: async (database) => {
      await seedCatalog(database);
      await enableSellerLogins(database.db);
    },
  });
  shopper = await fillAccount(server, await registerShopper(server, 'Ananya Rao'));
});
afterAll(() => server?.close());

/** A raw request with exactly the headers given (no automatic Origin, unlike ApiClient). */
async function raw(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

function cookieLine(setCookies: string[], name: string): string {
  const line = setCookies.find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(setCookies)}`);
  return line;
}

function directivesOf(csp: string): Record<string, string> {
  return Object.fromEntries(
    csp.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe(`security headers (${testDialect})`, () => {
  it('sends pages a strict Content-Security-Policy and the helmet headers', async () => {
    // Any path outside /api is a page of the web app (or its 404), whether or not the build is present.
    const res = await fetch(`${server.baseUrl}/shops`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = directivesOf(csp);
    expect(directives['default-src']).toBe("'self'");
    expect(directives['script-src']).toBe("'self'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['img-src']).toBe("'self' data: blob:");
    const host = new URL(server.baseUrl).host;
    expect(directives['connect-src']).toBe(`'self' ws://${host} wss://${host}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    // The file's first page request renders on the server (loading the render bundle, reading its answers): over
    // 30 s on two busy cores beside the rest of the suite.
  }, 90_000);

  it('sends API answers the short set a JSON response needs: nothing loads, nothing frames, no sniffing', async () => {
    for (const path of ['/api/home/get-categorys', '/api/no-such-route']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(directivesOf(res.headers.get('content-security-policy') ?? '')).toEqual({
        'default-src': "'none'",
        'frame-ancestors': "'none'",
      });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    }
  });

  it('keeps a hostile Host header out of the policy', async () => {
    const { request } = await import('node:http');
    const url = new URL(server.baseUrl);
    const csp = await new Promise<string>((resolve, reject) => {
      request(
        {
          host: url.hostname,
          port: url.port,
          path: '/shops',
          headers: { host: "x; script-src 'unsafe-inline'" },
        },
        (res) => {
          res.resume();
          resolve(String(res.headers['content-security-policy']));
        },
      )
        .on('error', reject)
        .end();
    });
    expect(directivesOf(csp)['script-src']).toBe("'self'");
    expect(directivesOf(csp)['connect-src']).toBe("'self'");
  });

  it('leaves PDFs (invoices) without a CSP, which would stop the browser showing them', async () => {
    const res = await fetch(`${server.baseUrl}/api/home/customer/invoice/${shopper.orderCode}`, {
      headers: { authorization: `Bearer ${shopper.shopper.sessionToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe(`session cookies (${testDialect})`, () => {
  it('customerToken, mobileSignup and sellerToken are httpOnly and SameSite', async () => {
    const register = await new ApiClient(server.baseUrl).post('/customer/customer-register', {
      name: 'Cookie Check',
      email: `cookie.${Date.now()}@example.in`,
      password: PASSWORD,
    });
    const mobile = '9' + String(Date.now()).slice(-9);
    const otpClient = new ApiClient(server.baseUrl);
    await otpClient.post('/customer/send-otp', { mobile });
    const verified = await otpClient.post('/customer/verify-otp', { mobile, otp: sms.codes.get(mobile) });
    const sellerLogin = await new ApiClient(server.baseUrl).post('/seller/login', {
      email: catalog.sellers[0].email,
      password: 'seller secret 42',
    });

    const cookies = {
      customerToken: cookieLine(register.headers.getSetCookie(), 'customerToken'),
      mobileSignup: cookieLine(verified.headers.getSetCookie(), 'mobileSignup'),
      sellerToken: cookieLine(sellerLogin.headers.getSetCookie(), 'sellerToken'),
    };
    for (const [name, line] of Object.entries(cookies)) {
      expect(line, name).toMatch(/; HttpOnly/i);
      expect(line, name).toMatch(/; SameSite=(Lax|Strict)/i);
    }
  });

  it('opsToken is httpOnly, SameSite=Strict and only sent to the API (the ops and admin consoles)', async () => {
    const { createOperator } = await import('../src/ops/service');
    const email = `cookie-ops.${Date.now()}@bazaar.example`;
    await createOperator(server.database.db, { email, name: 'Ops', password: PASSWORD });
    const res = await new ApiClient(server.baseUrl).post('/ops/login', { email, password: PASSWORD });
    const line = cookieLine(res.headers.getSetCookie(), 'opsToken');
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Strict/i);
    expect(line).toMatch(/; Path=\/api(;|$)/i);
  });
});

describe(`CSRF origin check (${testDialect})`, () => {
  const cookieOf = (s: ShopperData) => ({ cookie: `${SESSION_COOKIE}=${s.shopper.sessionToken}` });
  const cartQuantity = async (lineId: number) =>
    (
      await server.database.db
        .selectFrom('cart_items')
        .select('quantity')
        .where('id', '=', lineId)
        .executeTakeFirstOrThrow()
    ).quantity;

  it('refuses a cookie-authenticated change from another site, or from nowhere, and changes nothing', async () => {
    const before = await cartQuantity(shopper.cartLineId);
    const path = `/api/home/product/quantity-dec/${shopper.cartLineId}`;
    for (const origin of <Record<string, string>[]>[
      { origin: EVIL },
      { origin: 'null' },
      { referer: `${EVIL}/page` },
      {},
    ]) {
      const res = await raw('PUT', path, { ...cookieOf(shopper), ...origin });
      expect(res.status, JSON.stringify(origin)).toBe(403);
      expect(res.body).toEqual({ error: CSRF_REFUSAL, code: 'CROSS_SITE_REQUEST' });
    }
    expect(await cartQuantity(shopper.cartLineId)).toBe(before);
  });

  it('accepts the same change from this site (Origin, or Referer when Origin is missing) and the dev origin', async () => {
    const path = `/api/home/product/quantity-inc/${shopper.cartLineId}`;
    const before = await cartQuantity(shopper.cartLineId);
    expect((await raw('PUT', path, { ...cookieOf(shopper), origin: server.baseUrl })).status).toBe(200);
    expect(
      (
        await raw('PUT', `/api/home/product/quantity-dec/${shopper.cartLineId}`, {
          ...cookieOf(shopper),
          referer: `${server.baseUrl}/cart`,
        })
      ).status,
    ).toBe(200);
    expect((await raw('PUT', path, { ...cookieOf(shopper), origin: server.config.devOrigin })).status).toBe(
      200,
    );
    expect(await cartQuantity(shopper.cartLineId)).toBe(before + 1);
  });

  it('does not apply to reads, to Authorization-header sessions or to requests without a session cookie', async () => {
    expect(
      (await raw('GET', '/api/home/product/get-card-product', { ...cookieOf(shopper), origin: EVIL })).status,
    ).toBe(200);
    const bearer = { authorization: `Bearer ${shopper.shopper.sessionToken}`, origin: EVIL };
    expect((await raw('PUT', `/api/home/product/quantity-dec/${shopper.cartLineId}`, bearer)).status).toBe(
      200,
    );
    // No cookie: nothing to ride on, so the request is judged on its own (here: a plain validation error).
    const login = await raw(
      'POST',
      '/api/customer/customer-login',
      { origin: EVIL },
      { email: 'x', password: '' },
    );
    expect(login.status).toBe(400);
  });

  it('is not switched off by an Authorization header that is not a valid Bearer token', async () => {
    const before = await cartQuantity(shopper.cartLineId);
    const path = `/api/home/product/quantity-dec/${shopper.cartLineId}`;
    for (const authorization of ['Basic Zm9vOmJhcg==', 'Bearer not-a-token', 'Token x', 'bearer']) {
      const res = await raw('PUT', path, { ...cookieOf(shopper), origin: EVIL, authorization });
      expect(res.status, authorization).toBe(403);
      expect(res.body).toEqual({ error: CSRF_REFUSAL, code: 'CROSS_SITE_REQUEST' });
    }
    expect(await cartQuantity(shopper.cartLineId)).toBe(before);
  });

  it('guards the seller and operator consoles, whose sessions are cookies only', async () => {
    const seller = await signedInSeller(server, 0);
    const message = { customerId: shopper.shopper.id, text: 'Hello' };
    const send = (origin: string) =>
      seller.request('POST', '/chat/seller/send-message-to-customer', message, { origin });
    expect((await send(EVIL)).status).toBe(403);
    expect((await send(server.baseUrl)).status).toBe(200);

    const ops = await signedInOperator(server);
    const before = await server.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', shopper.paymentId)
      .executeTakeFirstOrThrow();
    const reject = await ops.request(
      'POST',
      `/ops/payments/${shopper.paymentId}/reject`,
      {},
      { origin: EVIL },
    );
    expect(reject.status).toBe(403);
    expect(
      await server.database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', shopper.paymentId)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect((await ops.get('/ops/payments')).status).toBe(200);
  });

  it('exempts the HMAC-signed bank webhook', async () => {
    const res = await raw(
      'POST',
      '/api/payment/webhook',
      { ...cookieOf(shopper), origin: EVIL },
      { utr: '123' },
    );
    // The webhook is disabled without a secret (503); the point is that the CSRF check did not answer 403.
    expect(res.status).toBe(503);
  });
});

describe(`session tokens (${testDialect})`, () => {
  it('refuses an expired token', async () => {
    const { id, name, email } = shopper.shopper;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 8 * 24 * 60 * 60 * 1000);
    const expired = signCustomerToken(server.config.jwtSecret, { id, name, email }, 0);
    vi.useRealTimers();
    const res = await raw('GET', '/api/home/product/get-card-product', {
      authorization: `Bearer ${expired}`,
    });
    expect(res.status).toBe(401);
    const fresh = signCustomerToken(server.config.jwtSecret, { id, name, email }, 0);
    expect(
      (await raw('GET', '/api/home/product/get-card-product', { authorization: `Bearer ${fresh}` })).status,
    ).toBe(200);
    // A token signed with the secret itself (the old scheme) is not a session.
    const rawSecret = jwt.sign({ id, name, email, ver: 0 }, server.config.jwtSecret, { expiresIn: 60 });
    expect(
      (await raw('GET', '/api/home/product/get-card-product', { authorization: `Bearer ${rawSecret}` }))
        .status,
    ).toBe(401);
  });

  it('issues tokens that expire in 7 days', () => {
    const claims = jwt.decode(shopper.shopper.sessionToken) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(7 * 24 * 60 * 60);
  });

  it('logout ends the session it is called with, by bearer and by cookie, and no other', async () => {
    const someone = await registerShopper(server, 'Logout Check');
    const second = await new ApiClient(server.baseUrl).post('/customer/customer-login', {
      email: someone.email,
      password: PASSWORD,
    });
    const third = await new ApiClient(server.baseUrl).post('/customer/customer-login', {
      email: someone.email,
      password: PASSWORD,
    });
    const withCookie = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });
    expect((await someone.get('/customer/logout')).status).toBe(200);
    expect((await someone.get('/home/product/get-card-product')).status).toBe(401);
    expect((await raw('GET', '/api/customer/logout', withCookie(second.body.token))).status).toBe(200);
    expect(
      (await raw('GET', '/api/home/product/get-card-product', withCookie(second.body.token))).status,
    ).toBe(401);
    expect(
      (await raw('GET', '/api/home/product/get-card-product', withCookie(third.body.token))).status,
    ).toBe(200);
  });
});

describe(`limits (${testDialect})`, () => {
  it('answers a body over 256 KB with 413 and { error }, before touching anything', async () => {
    const res = await shopper.shopper.post('/chat/customer/send-message-to-seller', {
      sellerId: catalog.sellers[0].id,
      text: 'x'.repeat(300 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('bounds how long a request may take', () => {
    expect(server.app.server.requestTimeout).toBe(30_000);
  });
});
