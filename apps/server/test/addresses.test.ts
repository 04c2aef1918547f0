import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { addressBody, signInNewCustomer, type CustomerClient } from './orders-fixtures';

describe(`address book (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const defaults = async (client: CustomerClient) => {
    const res = await client.get('/home/customer/get_all_address');
    expect(res.status).toBe(200);
    return res.body.address
      .filter((a: { defaultAddress: boolean }) => a.defaultAddress)
      .map((a: { _id: number }) => a._id);
  };

  it('makes the first address the default and returns it in the spec shape', async () => {
    const client = await signInNewCustomer(server);
    const res = await client.post('/home/customer/add_address', addressBody({ userInfo: { id: 999 } }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Address saved');
    expect(res.body.address).toEqual({
      _id: expect.any(Number),
      name: 'Priya Sharma',
      address: '12, 4th Cross, Indiranagar',
      phonenumber: '9876543210',
      alternatephonenumber: null,
      pincode: '560001',
      state: 'Karnataka',
      cityDistTown: 'Bengaluru',
      landmark: 'Near Metro Station',
      locality: 'Indiranagar',
      defaultAddress: true,
    });
    const fromDefault = await client.get('/home/customer/get_default_address');
    expect(fromDefault.body.defaultAddress._id).toBe(res.body.address._id);
  });

  it('keeps exactly one default: a new default clears the old one, listed first', async () => {
    const client = await signInNewCustomer(server);
    const first = (await client.post('/home/customer/add_address', addressBody())).body.address._id;
    const second = (await client.post('/home/customer/add_address', addressBody({ name: 'Office' }))).body
      .address;
    expect(second.defaultAddress).toBe(false);
    expect(await defaults(client)).toEqual([first]);

    const third = (
      await client.post('/home/customer/add_address', addressBody({ name: 'Parents', defaultAddress: true }))
    ).body.address._id;
    expect(await defaults(client)).toEqual([third]);
    const list = (await client.get('/home/customer/get_all_address')).body.address;
    expect(list.map((a: { _id: number }) => a._id)).toEqual([third, second._id, first]);
  });

  it('marks a default with the spec field/value pair, and unticking hands it to another address', async () => {
    const client = await signInNewCustomer(server);
    const first = (await client.post('/home/customer/add_address', addressBody())).body.address._id;
    const second = (await client.post('/home/customer/add_address', addressBody({ name: 'Office' }))).body
      .address._id;

    const marked = await client.patch(`/home/customer/markDefaultAddress/${second}`, {
      field: 'defaultAddress',
      value: true,
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ addressId: second, message: 'Default address updated' });
    expect(await defaults(client)).toEqual([second]);

    await client.patch(`/home/customer/markDefaultAddress/${second}`, {
      field: 'defaultAddress',
      value: false,
    });
    expect(await defaults(client)).toEqual([first]);

    const wrongField = await client.patch(`/home/customer/markDefaultAddress/${first}`, {
      field: 'name',
      value: true,
    });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error).toBe("field must be 'defaultAddress'");
  });

  it('updates an address in place when addressId is sent', async () => {
    const client = await signInNewCustomer(server);
    const id = (await client.post('/home/customer/add_address', addressBody())).body.address._id;
    const res = await client.post(
      '/home/customer/add_address',
      addressBody({ addressId: id, pincode: '110001', state: 'Delhi', defaultAddress: true }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Address updated');
    expect(res.body.address).toMatchObject({
      _id: id,
      pincode: '110001',
      state: 'Delhi',
      defaultAddress: true,
    });
    expect((await client.get('/home/customer/get_all_address')).body.address).toHaveLength(1);
  });

  it('promotes the most recent remaining address when the default is deleted', async () => {
    const client = await signInNewCustomer(server);
    const first = (await client.post('/home/customer/add_address', addressBody())).body.address._id;
    const second = (await client.post('/home/customer/add_address', addressBody({ name: 'Office' }))).body
      .address._id;
    const third = (await client.post('/home/customer/add_address', addressBody({ name: 'Parents' }))).body
      .address._id;
    expect(await defaults(client)).toEqual([first]);

    const res = await client.delete(`/home/customer/delete_address/${first}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: client.customerId, message: 'Address deleted' });
    expect(await defaults(client)).toEqual([third]);

    await client.delete(`/home/customer/delete_address/${third}`);
    expect(await defaults(client)).toEqual([second]);
    await client.delete(`/home/customer/delete_address/${second}`);
    expect((await client.get('/home/customer/get_default_address')).body).toEqual({ defaultAddress: null });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ phonenumber: '98765' }, 'Please enter a valid phone number'],
    [{ phonenumber: '98765abcde' }, 'Please enter a valid phone number'],
    [{ alternatephonenumber: '123' }, 'Please enter a valid 10-digit alternate phone number'],
    [{ pincode: '012345' }, 'Please enter a valid 6-digit pincode'],
    [{ pincode: '56001' }, 'Please enter a valid 6-digit pincode'],
    [{ state: 'Atlantis' }, 'Please choose a state or union territory from the list'],
    [{ cityDistTown: '   ' }, 'City / District / Town is required'],
    [{ address: undefined }, 'Address is required'],
    [{ defaultAddress: 'yes' }, 'Default address must be true or false'],
  ])('refuses %o with a 400 naming the problem', async (overrides, error) => {
    const client = await signInNewCustomer(server);
    const res = await client.post('/home/customer/add_address', addressBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'VALIDATION_FAILED' });
    expect((await client.get('/home/customer/get_all_address')).body.address).toEqual([]);
  });

  it("treats another customer's address as not found and never lists it", async () => {
    const owner = await signInNewCustomer(server, 'Owner');
    const other = await signInNewCustomer(server, 'Other');
    const id = (await owner.post('/home/customer/add_address', addressBody())).body.address._id;

    const update = await other.post(
      '/home/customer/add_address',
      addressBody({ addressId: id, name: 'Hijacked' }),
    );
    expect(update.status).toBe(404);
    expect(update.body).toEqual({ error: 'Address not found', code: 'NOT_FOUND' });
    expect((await other.delete(`/home/customer/delete_address/${id}`)).status).toBe(404);
    expect(
      (await other.patch(`/home/customer/markDefaultAddress/${id}`, { field: 'defaultAddress', value: true }))
        .status,
    ).toBe(404);
    expect((await other.get('/home/customer/get_all_address')).body.address).toEqual([]);

    const ownerList = (await owner.get('/home/customer/get_all_address')).body.address;
    expect(ownerList).toEqual([
      expect.objectContaining({ _id: id, name: 'Priya Sharma', defaultAddress: true }),
    ]);
  });

  it('limits address-book writes to 30 per customer per 10 minutes; reads and other customers go on', async () => {
    const client = await signInNewCustomer(server);
    const id = (await client.post('/home/customer/add_address', addressBody())).body.address._id;
    const flip = (value: boolean) =>
      client.patch(`/home/customer/markDefaultAddress/${id}`, { field: 'defaultAddress', value });
    for (let write = 2; write <= 20; write++) expect((await flip(write % 2 === 0)).status).toBe(200);
    for (let write = 21; write <= 30; write++)
      expect((await client.delete('/home/customer/delete_address/999999')).status).toBe(404);
    const limited = await client.post('/home/customer/add_address', addressBody({ name: 'One too many' }));
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many attempts\. Please try again in 10 minutes\.$/);
    expect((await flip(true)).status).toBe(429);
    expect((await client.get('/home/customer/get_all_address')).body.address).toHaveLength(1);
    const other = await signInNewCustomer(server);
    expect((await other.post('/home/customer/add_address', addressBody())).status).toBe(200);
  });

  it('requires a session', async () => {
    const visitor = new ApiClient(server.baseUrl);
    expect((await visitor.get('/home/customer/get_all_address')).status).toBe(401);
    expect((await visitor.post('/home/customer/add_address', addressBody())).status).toBe(401);
  });

  it('keeps one default even when two first addresses are saved at the same moment', async () => {
    const client = await signInNewCustomer(server);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.post('/home/customer/add_address', addressBody({ name: `Home ${i}` })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await defaults(client)).toHaveLength(1);
  });
});
