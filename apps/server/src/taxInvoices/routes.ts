import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  hsnCodeParamsSchema,
  hsnRateChangeSchema,
  hsnRateListResponseSchema,
  hsnRateResponseSchema,
  orderIdParamsSchema,
  refundIdParamsSchema,
  sellerOrderParamsSchema,
} from '@bazaar/shared';
import { requireCustomer, requireSeller, requireStaff } from '../auth/session';
import { binary, contentOf, declared, failures, signedIn } from '../http/routeSchema';
import { changeTaxRate } from '../flows/taxRates';
import * as taxInvoices from './service';

const pdfResponse = (what: string) => ({
  200: contentOf('application/pdf', binary, what),
  ...failures(400, 401, 404),
});

/** Tax documents are private and each download may issue one: never cached, by anyone. */
function sendPdf(
  reply: FastifyReply,
  { fileName, pdf }: taxInvoices.TaxPdf,
  disposition: 'inline' | 'attachment',
) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `${disposition}; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

/**
 * GST tax invoices and credit notes (issue 17): the shopper's invoice download (the spec's path) and credit notes,
 * the seller's invoice of its part, staff's credit notes, and the admin's GST rates.
 */
export async function taxInvoiceRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const shopper = { tags: ['Tax invoices'], security: signedIn.customer };

  // The spec's invoice download: opened in a new window, so shown inline.
  routes.get(
    '/home/customer/invoice/:orderId',
    {
      schema: {
        ...shopper,
        params: orderIdParamsSchema,
        response: pdfResponse('The tax invoices of the order'),
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const pdf = await taxInvoices.orderInvoicePdf(ctx, customer.id, request.params.orderId);
      return sendPdf(reply, pdf, 'inline');
    },
  );

  routes.get(
    '/home/customer/refunds/:refundId/credit-note',
    {
      schema: {
        ...shopper,
        params: refundIdParamsSchema,
        response: pdfResponse('The credit note of one of your refunds'),
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const pdf = await taxInvoices.refundCreditNotePdf(ctx, request.params.refundId, customer.id);
      return sendPdf(reply, pdf, 'inline');
    },
  );

  routes.get(
    '/seller/orders/:id/invoice',
    {
      schema: {
        tags: ['Seller center'],
        security: signedIn.seller,
        params: sellerOrderParamsSchema,
        response: pdfResponse('The tax invoice of your part of the order'),
      },
    },
    async (request, reply) => {
      const seller = await requireSeller(ctx, request);
      const pdf = await taxInvoices.partInvoicePdf(ctx, seller.id, request.params.id);
      return sendPdf(reply, pdf, 'attachment');
    },
  );

  // Operators pay refunds back, so they (and admins) may print any refund's credit note.
  routes.get(
    '/ops/refunds/:refundId/credit-note',
    {
      schema: {
        tags: ['Operators console'],
        security: signedIn.operator,
        params: refundIdParamsSchema,
        response: { ...pdfResponse('The credit note of a refund'), ...failures(403) },
      },
    },
    async (request, reply) => {
      await requireStaff(ctx, request);
      return sendPdf(
        reply,
        await taxInvoices.refundCreditNotePdf(ctx, request.params.refundId),
        'attachment',
      );
    },
  );

  const adminsOnly = { tags: ['Admin console'], security: signedIn.operator };

  routes.get(
    '/admin/tax-rates',
    { schema: { ...adminsOnly, response: { 200: hsnRateListResponseSchema, ...failures(401, 403) } } },
    async (request) => {
      await requireStaff(ctx, request, 'admin');
      return taxInvoices.taxRates(ctx);
    },
  );

  routes.put(
    '/admin/tax-rates/:hsnCode',
    {
      schema: {
        ...adminsOnly,
        params: hsnCodeParamsSchema,
        body: hsnRateChangeSchema,
        response: { 200: hsnRateResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = await requireStaff(ctx, request, 'admin');
      return changeTaxRate(ctx, { staff, ip: request.ip }, request.params.hsnCode, request.body);
    },
  );
}
