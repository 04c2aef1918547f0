import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';

describe(`server foundation (${testDialect})`, () => {
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('reports health with the database in use', async () => {
    const res = await api.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: testDialect });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await api.get('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/No route/);
  });

  it('answers malformed JSON with a 400 and a clear error', async () => {
    const res = await api.request('POST', '/customer/customer-login', '{"email":', {});
    expect([400, 404]).toContain(res.status);
    expect(typeof res.body.error).toBe('string');
  });
});
