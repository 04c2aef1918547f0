import type { FastifyInstance } from 'fastify';
import {
  addressDeletedResponseSchema,
  addressIdParamsSchema,
  addressListResponseSchema,
  defaultAddressChangedResponseSchema,
  defaultAddressResponseSchema,
  markDefaultAddressSchema,
  saveAddressSchema,
  savedAddressResponseSchema,
} from '@bazaar/shared';
import { perCustomerLimit } from '../auth/rateLimits';
import { requireCustomer } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import * as addresses from './service';

/**
 * The address book (spec §7). The customer always comes from the session; any userInfo in the body is ignored.
 * Writes (adds, deletes, default flips) share one budget per customer.
 */
export async function addressesRoutes(api: FastifyInstance): Promise<void> {
  const routes = declared(api);
  const common = { tags: ['Addresses'], security: signedIn.customer };
  const writeLimit = perCustomerLimit(api, { name: 'address-writes', max: 30, windowMinutes: 10 });

  routes.post(
    '/home/customer/add_address',
    {
      preHandler: writeLimit,
      schema: {
        ...common,
        body: saveAddressSchema,
        response: { 200: savedAddressResponseSchema, ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return addresses.saveAddress(api.ctx, customer.id, request.body);
    },
  );

  routes.get(
    '/home/customer/get_default_address',
    { schema: { ...common, response: { 200: defaultAddressResponseSchema, ...failures(401) } } },
    async (request) => {
      const customer = requireCustomer(request);
      return { defaultAddress: await addresses.defaultAddress(api.ctx, customer.id) };
    },
  );

  routes.get(
    '/home/customer/get_all_address',
    { schema: { ...common, response: { 200: addressListResponseSchema, ...failures(401) } } },
    async (request) => {
      const customer = requireCustomer(request);
      return { address: await addresses.listAddresses(api.ctx, customer.id) };
    },
  );

  routes.delete(
    '/home/customer/delete_address/:addressId',
    {
      preHandler: writeLimit,
      schema: {
        ...common,
        params: addressIdParamsSchema,
        response: { 200: addressDeletedResponseSchema, ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return addresses.deleteAddress(api.ctx, customer.id, request.params.addressId);
    },
  );

  routes.patch(
    '/home/customer/markDefaultAddress/:addressId',
    {
      preHandler: writeLimit,
      schema: {
        ...common,
        params: addressIdParamsSchema,
        body: markDefaultAddressSchema,
        response: { 200: defaultAddressChangedResponseSchema, ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return addresses.markDefaultAddress(api.ctx, customer.id, request.params.addressId, request.body.value);
    },
  );
}
