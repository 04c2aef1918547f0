import type { FastifyInstance } from 'fastify';
import { addressIdParamsSchema, markDefaultAddressSchema, saveAddressSchema } from '@bazaar/shared';
import { perCustomerLimit } from '../auth/rateLimits';
import { requireCustomer } from '../auth/session';
import { parse } from '../http/validate';
import * as addresses from './service';

/**
 * The address book (spec §7). The customer always comes from the session; any userInfo in the body is ignored.
 * Writes (adds, deletes, default flips) share one budget per customer.
 */
export async function addressesRoutes(api: FastifyInstance): Promise<void> {
  const writeLimit = {
    preHandler: perCustomerLimit(api, { name: 'address-writes', max: 30, windowMinutes: 10 }),
  };

  api.post('/home/customer/add_address', writeLimit, async (request) => {
    const customer = requireCustomer(request);
    return addresses.saveAddress(api.ctx, customer.id, parse(saveAddressSchema, request.body));
  });

  api.get('/home/customer/get_default_address', async (request) => {
    const customer = requireCustomer(request);
    return { defaultAddress: await addresses.defaultAddress(api.ctx, customer.id) };
  });

  api.get('/home/customer/get_all_address', async (request) => {
    const customer = requireCustomer(request);
    return { address: await addresses.listAddresses(api.ctx, customer.id) };
  });

  api.delete('/home/customer/delete_address/:addressId', writeLimit, async (request) => {
    const customer = requireCustomer(request);
    const { addressId } = parse(addressIdParamsSchema, request.params);
    return addresses.deleteAddress(api.ctx, customer.id, addressId);
  });

  api.patch('/home/customer/markDefaultAddress/:addressId', writeLimit, async (request) => {
    const customer = requireCustomer(request);
    const { addressId } = parse(addressIdParamsSchema, request.params);
    const { value } = parse(markDefaultAddressSchema, request.body);
    return addresses.markDefaultAddress(api.ctx, customer.id, addressId, value);
  });
}
