import { z } from 'zod';
import { auditEntrySchema, pageSchema, searchTextSchema } from './admin';

/** The admin console's customers (issue 17): search, a customer's orders and history, block and unblock. */

export const customerMessages = {
  /** What a blocked customer is told when signing in by any method (or registering again). */
  blocked:
    'Your account has been blocked. Contact support at support@bazaar.in if you think this is a mistake.',
  notFound: 'Customer not found',
  reasonRequired: 'Please give a reason: it is kept in the audit log',
  alreadyBlocked: 'The customer is already blocked',
  notBlocked: 'The customer is not blocked',
  blockedNow: 'Customer blocked: every session of theirs has ended',
  unblockedNow: 'Customer unblocked: they may sign in again',
} as const;

export const CUSTOMER_STATUSES = ['active', 'blocked'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const adminCustomerListQuerySchema = z.object({
  /** Name, e-mail or mobile. */
  q: searchTextSchema,
  page: pageSchema,
});
export type AdminCustomerListQuery = z.output<typeof adminCustomerListQuerySchema>;

export const adminCustomerSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    joinedAt: z.string(),
    orderCount: z.number(),
    status: z.enum(CUSTOMER_STATUSES),
    blockedAt: z.string().nullable(),
    blockedReason: z.string().nullable(),
  })
  .meta({ id: 'AdminCustomer' });
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomerListResponseSchema = z.object({
  customers: z.array(adminCustomerSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminCustomerListResponse = z.infer<typeof adminCustomerListResponseSchema>;

/** One of the customer's orders as the console lists it: whole rupees, what the shopper pays. */
export const adminCustomerOrderSchema = z.object({
  orderId: z.string(),
  placedAt: z.string(),
  total: z.number(),
  items: z.number(),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  deliveryStatus: z.string(),
});
export type AdminCustomerOrder = z.infer<typeof adminCustomerOrderSchema>;

/** How many recent orders a customer's detail lists. */
export const ADMIN_CUSTOMER_RECENT_ORDERS = 10;

export const adminCustomerDetailResponseSchema = z.object({
  customer: adminCustomerSchema,
  orders: z.object({
    count: z.number(),
    /** Rupees of the orders that are paid (or cash collected). */
    paidTotal: z.number(),
    recent: z.array(adminCustomerOrderSchema),
  }),
  /** Blocks and unblocks of the account from the audit log, newest first. */
  statusHistory: z.array(auditEntrySchema),
});
export type AdminCustomerDetailResponse = z.infer<typeof adminCustomerDetailResponseSchema>;

const reasonSchema = z.string().trim().max(500, 'must be at most 500 characters');

export const customerBlockSchema = z.object({
  reason: reasonSchema.min(1, customerMessages.reasonRequired),
});
export const customerUnblockSchema = z.object({
  reason: reasonSchema.optional().transform((value) => value || undefined),
});
export type CustomerBlockInput = z.output<typeof customerBlockSchema>;
export type CustomerUnblockInput = z.output<typeof customerUnblockSchema>;

export const adminCustomerResponseSchema = z.object({ message: z.string(), customer: adminCustomerSchema });
export type AdminCustomerResponse = z.infer<typeof adminCustomerResponseSchema>;
