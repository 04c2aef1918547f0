/**
 * Hostile input against every API and media route (from the server's own route inventory): malformed JSON,
 * wrong types, huge strings, negative and fractional numbers, SQL and script payloads, NUL and lone surrogates,
 * in the body, the query and the path. The answer is never a 5xx; a 4xx carries `{ error }`; and a refused write
 * leaves every table exactly as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyParameters, replayHint } from '../../../test-support/fastCheck';
import { signCustomerToken } from '../src/auth/session';
import { startTestServer, testDialect, type TestServer } from './harness';
import { catalog } from './orders-fixtures';
import { defaultVariantId } from './variant-fixtures';
import {
  enableSellerLogins,
  fillAccount,
  registerShopper,
  seedCatalog,
  consoleCookie,
  newOperator,
  SELLER_PASSWORD,
  SHOP_TABLES,
  tableChecksums,
  type ShopperData,
} from './security-fixtures';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
/**
 * A wrong OTP guess is a refused request that rightly counts an attempt, and the delivery job marks queued e-mails
 * sent in the background whatever the request does (a message is only queued with its event's change, which the
 * other tables show); every other table must stay put.
 */
const CHECKED_TABLES = SHOP_TABLES.filter((table) => table !== 'otps' && table !== 'notification_outbox');

const hostileText = [
  "' OR 1=1 --",
  "'); DROP TABLE customers; --",
  '1; SELECT pg_sleep(5)',
  '<script>window.__xss=1</script>',
  '<img src=x onerror="alert(1)">',
  '\u0000',
  'nul\u0000byte',
  '\uD800',
  'lone \uDFFF surrogate',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🛍️ हिन्दी',
  '../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  '   ',
  '',
  'x'.repeat(20_000),
];

const hostileString = fc.oneof(
  fc.constantFrom(...hostileText),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, -0.5, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 3 }),
  fc.dictionary(
    fc.constantFrom('productId', '$gt', '__proto__', 'constructor'),
    fc.oneof(hostileString, hostileNumber),
    {
      maxKeys: 2,
    },
  ),
);

/** Every field name some route reads, so values reach validation and services rather than being ignored. */
const FIELDS = [
  'productId',
  'quantity',
  'userId',
  'customerId',
  'sellerId',
  'addressId',
  'orderId',
  'paymentId',
  'transactionId',
  'idempotencyKey',
  'buyNow',
  'shippingInfo',
  'price',
  'text',
  'name',
  'email',
  'password',
  'old_password',
  'new_password',
  'mobile',
  'otp',
  'phonenumber',
  'signupToken',
  'rating',
  'review',
  'field',
  'value',
  'note',
  'utr',
  'status',
  'address',
  'pincode',
  'state',
  'cityDistTown',
  'landmark',
  'locality',
  'alternatephonenumber',
  'defaultAddress',
  'before',
  'pageNo',
];
const QUERY_KEYS = [
  'category',
  'rating',
  'lowPrice',
  'highPrice',
  'sortPrice',
  'pageNumber',
  'searchValue',
  'value',
  'pageNo',
  'before',
  'status',
];

/** A JSON body: fields with hostile values, any JSON at all, or bytes that are not JSON. */
const hostileBody = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 })
      .map((o) => JSON.stringify(o)),
  },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"productId":',
      '{',
      'null',
      '[]',
      '"just a string"',
      '{"a":1}}',
      '\u0000',
      'NaN',
      '',
    ),
  },
);

const hostileQuery = fc.dictionary(fc.constantFrom(...QUERY_KEYS), hostileString, { maxKeys: 4 });

/** Percent-encodes a path segment; a lone surrogate cannot be encoded, so it goes as the raw invalid UTF-8 bytes. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value) || '%20';
  } catch {
    return '%ED%A0%80';
  }
}

function concreteUrl(template: string, params: string[], query: Record<string, string>): string {
  let index = 0;
  const path = template
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? pathSegment(params[index++] ?? '') : part))
    .join('/');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    try {
      search.append(key, value);
    } catch {
      // URLSearchParams cannot hold a lone surrogate; that case is covered in the path.
    }
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * What failed, and how to replay it. The shrunk counterexample can be megabytes of hostile text; the context line says
 * what matters, the seed and path replay it. A refused connection says only "fetch failed": its cause says why.
 */
function failureOf(
  result: Pick<fc.RunDetails<unknown>, 'seed' | 'counterexamplePath' | 'errorInstance'>,
): string {
  const error = result.errorInstance;
  const cause = error instanceof Error && error.cause ? ` (cause: ${String(error.cause)})` : '';
  return `${replayHint(result)}: ${String(error).slice(0, 700)}${cause}`;
}

let server: TestServer;
let shopper: ShopperData;
let cookies: string;

beforeAll(async () => {
  server = await startTestServer({
    config: {
      authRateLimits: {
        otpPerMobile: 1000,
        otpPerIp: 100_000,
        loginPerEmail: 1000,
        loginPerIp: 100_000,
        verifyOtpPerIp: 100_000,
      },
      payments: {
        upiVpa: 'bazaar.demo@upi',
        upiPayeeName: 'Bazaar Fashion',
        reservationMinutes: 30,
        attemptSeconds: 300,
        webhookSecret: 'fuzz-webhook-secret',
        utrHoldMinutes: 120,
        expiryJobIntervalSeconds: 3600,
      },
    },
    prepare: async (database) => {
      await seedCatalog(database);
      await enableSellerLogins(database.db);
    },
  });
  shopper = await fillAccount(server, await registerShopper(server, 'Ananya Rao'));
  // Seller and operator sessions ride along, so their routes validate input instead of stopping at 401.
  const seller = await consoleCookie(server, '/seller/login', {
    email: catalog.sellers[0].email,
    password: SELLER_PASSWORD,
  });
  const operator = await consoleCookie(server, '/ops/login', await newOperator(server));
  cookies = `${seller}; ${operator}`;
}, 120_000);
afterAll(() => server?.close());

/** A fresh token each time: a fuzzed logout or profile change must not silence the routes after it. */
async function currentSessionToken(): Promise<string> {
  const row = await server.database.db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'token_version'])
    .where('id', '=', shopper.shopper.id)
    .executeTakeFirstOrThrow();
  return signCustomerToken(server.config.jwtSecret, row, row.token_version);
}

describe(`hostile input (${testDialect})`, () => {
  it('reaches every route of the inventory', () => {
    expect(routes().length).toBeGreaterThan(55);
  });

  const routes = () =>
    server.app.routeTable.filter((r) => r.url.startsWith('/api') || r.url.startsWith('/media'));

  it('never answers 5xx, always explains a 4xx, and changes nothing when it refuses', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const paramCount = route.url.split('/').filter((p) => p.startsWith(':') || p === '*').length;
      const isWrite = route.method !== 'GET';
      const result = await fc.check(
        fc.asyncProperty(
          fc.array(hostileString, { minLength: paramCount, maxLength: paramCount }),
          hostileQuery,
          hostileBody,
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          async (params, query, body, contentType) => {
            const url = concreteUrl(route.url, params, query);
            const before = isWrite ? await tableChecksums(server.database.db, CHECKED_TABLES) : undefined;
            const response = await fetch(server.baseUrl + url, {
              method: route.method,
              headers: {
                authorization: `Bearer ${await currentSessionToken()}`,
                cookie: cookies,
                origin: server.baseUrl,
                ...(isWrite ? { 'content-type': contentType } : {}),
              },
              body: isWrite ? body : undefined,
            });
            const text = await response.text();
            const context = `${route.method} ${url.slice(0, 200)} body=${body.slice(0, 200)} → ${response.status} ${text.slice(0, 200)}`;
            expect(response.status, context).toBeLessThan(500);
            if (response.status >= 400) {
              expect(JSON.parse(text), context).toMatchObject({ error: expect.any(String) });
              if (before)
                expect(await tableChecksums(server.database.db, CHECKED_TABLES), context).toEqual(before);
            }
          },
        ),
        propertyParameters({ numRuns: RUNS_PER_ROUTE, endOnFailure: true }),
      );
      if (result.failed) failures.push(`${route.method} ${route.url}, ${failureOf(result)}`);
    }
    expect(failures).toEqual([]);
    // Every route, a dozen hostile requests each, a checksum of the written tables around every write: 150–240 s
    // on PostgreSQL when two busy cores run it beside other files and the browser journeys.
  }, 480_000);

  it('refuses or safely stores one hostile field in an otherwise valid body', async () => {
    /** Valid bodies of the main write routes, so validation passes everywhere but in the one mutated field. */
    const templates: Record<string, Record<string, unknown>> = {
      '/api/home/product/add-to-card': {
        productId: catalog.products.tee.id,
        quantity: 1,
        variantId: await defaultVariantId(server.database.db, catalog.products.tee.id),
      },
      '/api/home/product/add-to-wishlist': { productId: catalog.products.kurta.id },
      '/api/home/customer/add_address': {
        name: 'Ananya Rao',
        phonenumber: '9876543210',
        pincode: '500001',
        state: 'Telangana',
        cityDistTown: 'Hyderabad',
        address: 'Banjara Hills',
        defaultAddress: false,
      },
      '/api/home/customer/submit-review': { productId: catalog.products.tee.id, rating: 4, review: 'Good' },
      '/api/chat/customer/send-message-to-seller': { sellerId: catalog.sellers[0].id, text: 'Hello' },
      '/api/payment/update-transactionId': { orderId: shopper.orderCode, transactionId: '123456789012' },
      '/api/customer/update-user-profile': { name: shopper.shopper.name, email: shopper.shopper.email },
      '/api/home/order/palce-order': { addressId: shopper.addressId, idempotencyKey: 'fuzz-order-key-1' },
    };
    const failures: string[] = [];
    for (const [path, template] of Object.entries(templates)) {
      const result = await fc.check(
        fc.asyncProperty(fc.constantFrom(...Object.keys(template)), hostileValue, async (field, value) => {
          const body = JSON.stringify({ ...template, [field]: value });
          const before = await tableChecksums(server.database.db, CHECKED_TABLES);
          const response = await fetch(server.baseUrl + path, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${await currentSessionToken()}`,
              'content-type': 'application/json',
            },
            body,
          });
          const text = await response.text();
          const context = `POST ${path} body=${body.slice(0, 300)} → ${response.status} ${text.slice(0, 200)}`;
          expect(response.status, context).toBeLessThan(500);
          if (response.status >= 400) {
            expect(JSON.parse(text), context).toMatchObject({ error: expect.any(String) });
            expect(await tableChecksums(server.database.db, CHECKED_TABLES), context).toEqual(before);
          }
        }),
        propertyParameters({ numRuns: RUNS_PER_ROUTE * 3, endOnFailure: true }),
      );
      if (result.failed) failures.push(`POST ${path}, ${failureOf(result)}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
