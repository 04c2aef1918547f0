import type { FastifyInstance } from 'fastify';
import {
  cancelOrderResponseSchema,
  cancelOrderSchema,
  changeReturnStateSchema,
  orderIdParamsSchema,
  restockReturnSchema,
  returnIdParamsSchema,
  returnMessages,
  returnPhotoFileParamsSchema,
  returnPhotoIdParamsSchema,
  returnPhotoResponseSchema,
  sellerReturnPhotoFileParamsSchema,
  returnRequestResponseSchema,
  returnRequestSchema,
  returnResponseSchema,
  sellerReturnListQuerySchema,
  sellerReturnListResponseSchema,
  messageResponseSchema,
} from '@bazaar/shared';
import { requireCustomer, requireSeller, requireStaff } from '../auth/session';
import { binary, contentOf, declared, failures, signedIn } from '../http/routeSchema';
import { cancelOrderByCustomer } from '../flows/customerCancellation';
import { removeReturnPhoto, returnPhotoFile, uploadReturnPhoto } from '../flows/returnPhotos';
import { changeReturnState, requestReturn, restockReturn } from '../flows/returns';
import { sendPicture } from '../media/routes';
import { acceptPhotoUploads, uploadedFile } from '../photos/routes';
import { listSellerReturns, sellerReturn } from './service';

/**
 * Cancellations and returns (issue 19): the shopper cancels an order (or one shop's part) and asks to return
 * delivered lines, with up to MAX_RETURN_PHOTOS photos uploaded first; the seller answers its returns in the seller
 * center. Another shopper's order and another seller's return are 404s, as if they did not exist.
 *
 * Return photos are served through authorised routes, one per viewer (the shopper who uploaded it, the seller of
 * its return, staff), never under the public /media: they may show a shopper's home, body or address label, and
 * /media answers are cached by anyone for a year, so a leaked or shared link would stay readable to anyone.
 */
export async function returnsRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  await acceptPhotoUploads(api);
  const routes = declared(api);
  const shopper = { tags: ['Orders'], security: signedIn.customer };
  const seller = { tags: ['Seller center: returns'], security: signedIn.seller };
  const picture = contentOf('image/*', binary, 'The rendition (WebP or AVIF)');

  routes.post(
    '/home/customer/return-photos',
    {
      schema: {
        ...shopper,
        summary:
          'Upload a photo for a return: multipart/form-data, the file (JPEG, PNG, WebP or AVIF, at most 10 MB) in "file"; send its _id in the return request\'s photoIds',
        response: { 201: returnPhotoResponseSchema, ...failures(400, 401, 409, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const photo = await uploadReturnPhoto(ctx, customer.id, () => uploadedFile(request));
      return reply.status(201).send({ photo });
    },
  );

  routes.delete(
    '/home/customer/return-photos/:photoId',
    {
      schema: {
        ...shopper,
        summary: 'Remove a photo not yet sent with a return',
        params: returnPhotoIdParamsSchema,
        response: { 200: messageResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      await removeReturnPhoto(ctx, customer.id, request.params.photoId);
      return { message: returnMessages.photoRemoved };
    },
  );

  routes.get(
    '/home/customer/return-photos/:photoId/:file',
    {
      schema: {
        ...shopper,
        summary: 'A rendition of one of your return photos',
        params: returnPhotoFileParamsSchema,
        response: { 200: picture, ...failures(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const { photoId, file } = request.params;
      const stored = await returnPhotoFile(ctx, { kind: 'customer', customerId: customer.id }, photoId, file);
      return sendPicture(reply, stored, 'private');
    },
  );

  routes.get(
    '/seller/returns/:id/photos/:photoId/:file',
    {
      schema: {
        ...seller,
        summary: 'A rendition of a photo the shopper sent with one of your returns',
        params: sellerReturnPhotoFileParamsSchema,
        response: { 200: picture, ...failures(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const account = await requireSeller(ctx, request);
      const { id, photoId, file } = request.params;
      const reader = { kind: 'seller', sellerId: account.id, returnId: id } as const;
      return sendPicture(reply, await returnPhotoFile(ctx, reader, photoId, file), 'private');
    },
  );

  routes.get(
    '/admin/return-photos/:photoId/:file',
    {
      schema: {
        tags: ['Admin console: refunds'],
        security: signedIn.operator,
        summary: 'A rendition of a photo a shopper sent with a return (operators and admins)',
        params: returnPhotoFileParamsSchema,
        response: { 200: picture, ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await requireStaff(ctx, request);
      const { photoId, file } = request.params;
      return sendPicture(reply, await returnPhotoFile(ctx, { kind: 'staff' }, photoId, file), 'private');
    },
  );

  routes.post(
    '/home/customer/cancel-order/:orderId',
    {
      schema: {
        ...shopper,
        params: orderIdParamsSchema,
        body: cancelOrderSchema,
        response: { 200: cancelOrderResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return cancelOrderByCustomer(ctx, customer.id, request.params.orderId, request.body);
    },
  );

  routes.post(
    '/home/customer/return-request/:orderId',
    {
      schema: {
        ...shopper,
        params: orderIdParamsSchema,
        body: returnRequestSchema,
        response: { 201: returnRequestResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const returns = await requestReturn(ctx, customer.id, request.params.orderId, request.body);
      return reply.status(201).send({ message: returnMessages.requested, returns });
    },
  );

  routes.get(
    '/seller/returns',
    {
      schema: {
        ...seller,
        querystring: sellerReturnListQuerySchema,
        response: { 200: sellerReturnListResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const account = await requireSeller(ctx, request);
      return listSellerReturns(ctx, account.id, request.query);
    },
  );

  routes.get(
    '/seller/returns/:id',
    {
      schema: {
        ...seller,
        params: returnIdParamsSchema,
        response: { 200: returnResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const account = await requireSeller(ctx, request);
      return { message: 'OK', return: await sellerReturn(ctx, account.id, request.params.id) };
    },
  );

  routes.post(
    '/seller/returns/:id/state',
    {
      schema: {
        ...seller,
        params: returnIdParamsSchema,
        body: changeReturnStateSchema,
        response: { 200: returnResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const account = await requireSeller(ctx, request);
      const { id } = request.params;
      await changeReturnState(ctx, account.id, id, request.body);
      return { message: returnMessages.updated, return: await sellerReturn(ctx, account.id, id) };
    },
  );

  routes.post(
    '/seller/returns/:id/restock',
    {
      schema: {
        ...seller,
        params: returnIdParamsSchema,
        body: restockReturnSchema,
        response: { 200: returnResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const account = await requireSeller(ctx, request);
      const { id } = request.params;
      await restockReturn(ctx, account.id, id);
      return { message: returnMessages.restocked, return: await sellerReturn(ctx, account.id, id) };
    },
  );
}
