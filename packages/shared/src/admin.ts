import { z } from 'zod';
import { SELLER_STATUSES, type SellerStatus } from './sellerCenter';

/**
 * The marketplace admin console (issue 17, first slice): staff roles, the seller approval queue with commissions,
 * and the audit log of every staff action.
 */

/** 'admin' may do everything (both consoles); 'operator' verifies payments. */
export const STAFF_ROLES = ['admin', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const adminMessages = {
  signIn: 'Please sign in as an admin',
  adminsOnly: 'Only admins can do that',
  sellerNotFound: 'Seller not found',
  reasonRequired: 'Please give a reason: the seller reads it',
  commissionSaved: 'Commission saved',
  statusSaved: {
    approved: 'Seller approved: its active products are on the storefront',
    rejected: 'Seller rejected',
    suspended: 'Seller suspended: its products are hidden from shoppers',
  },
} as const;

/** The marketplace's commission may be set between these whole percentages. */
export const MIN_COMMISSION_PERCENT = 0;
export const MAX_COMMISSION_PERCENT = 50;

/** Sellers shown per page of the queue, and audit entries per page of the log. */
export const ADMIN_PAGE_SIZE = 25;

export const pageSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? 1 : value),
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000'),
);

export const searchTextSchema = z
  .string()
  .trim()
  .max(100, 'must be at most 100 characters')
  .optional()
  .transform((value) => value || undefined);

export const adminSellerListQuerySchema = z.object({
  /** The queue opens on pending sellers, the ones waiting for a decision. */
  status: z
    .enum(SELLER_STATUSES, { error: `must be one of ${SELLER_STATUSES.join(', ')}` })
    .default('pending'),
  /** Shop, owner, e-mail, mobile or GSTIN. */
  q: searchTextSchema,
  page: pageSchema,
});
export type AdminSellerListQuery = z.output<typeof adminSellerListQuerySchema>;

export const adminSellerSchema = z
  .object({
    id: z.number(),
    shopName: z.string(),
    slug: z.string().nullable(),
    ownerName: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    gstin: z.string().nullable(),
    pan: z.string().nullable(),
    pickupAddress: z.object({
      address: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      pincode: z.string().nullable(),
    }),
    status: z.enum(SELLER_STATUSES),
    statusReason: z.string().nullable(),
    commissionPercent: z.number(),
    productCount: z.number(),
    registeredAt: z.string(),
    approvedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminSeller' });
export type AdminSeller = z.infer<typeof adminSellerSchema>;

export const adminSellerListResponseSchema = z.object({
  sellers: z.array(adminSellerSchema),
  /** Sellers in each status, whatever the search: the tabs' numbers. */
  counts: z.object({
    pending: z.number(),
    approved: z.number(),
    rejected: z.number(),
    suspended: z.number(),
  }),
  /** Sellers matching the status and search, over all pages. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminSellerListResponse = z.infer<typeof adminSellerListResponseSchema>;

/** What the marketplace may set a seller to; `pending` is only where a registration starts. */
export const ADMIN_SELLER_DECISIONS = ['approved', 'rejected', 'suspended'] as const;
export type AdminSellerDecision = (typeof ADMIN_SELLER_DECISIONS)[number];

export const sellerStatusChangeSchema = z
  .object({
    status: z.enum(ADMIN_SELLER_DECISIONS, { error: 'must be approved, rejected or suspended' }),
    reason: z
      .string()
      .trim()
      .max(500, 'must be at most 500 characters')
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((input, issues) => {
    // The seller is told why it was turned away or taken off the storefront.
    if (input.status !== 'approved' && !input.reason)
      issues.addIssue({ code: 'custom', path: ['reason'], message: adminMessages.reasonRequired });
  });
export type SellerStatusChange = z.output<typeof sellerStatusChangeSchema>;

export const sellerCommissionSchema = z.object({
  commissionPercent: z
    .number({ error: 'must be a number' })
    .int('must be a whole percent')
    .min(MIN_COMMISSION_PERCENT, `must be at least ${MIN_COMMISSION_PERCENT}`)
    .max(MAX_COMMISSION_PERCENT, `must be at most ${MAX_COMMISSION_PERCENT}`),
});
export type SellerCommissionInput = z.output<typeof sellerCommissionSchema>;

export const adminSellerResponseSchema = z.object({ message: z.string(), seller: adminSellerSchema });
export type AdminSellerResponse = z.infer<typeof adminSellerResponseSchema>;

/** Every action the audit log records, `subject.verb`. */
export const AUDIT_ACTIONS = [
  'seller.approve',
  'seller.reject',
  'seller.suspend',
  'seller.reinstate',
  'seller.commission',
  'payment.verify',
  'payment.reject',
  'category.create',
  'category.rename',
  'category.move',
  'category.reorder',
  'category.image',
  'category.hide',
  'category.show',
  'category.delete',
  'banner.create',
  'banner.edit',
  'banner.reorder',
  'banner.image',
  'banner.hide',
  'banner.show',
  'banner.delete',
  'tax_rate.change',
  'refund.record',
  'notification.retry',
  'customer.block',
  'customer.unblock',
  'settings.change',
  'staff.create',
  'database.restore',
  'database.reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The audit action of moving a seller from one status to another (approving a suspended seller reinstates it). */
export function sellerStatusAction(from: SellerStatus, to: AdminSellerDecision): AuditAction {
  if (to === 'approved') return from === 'suspended' ? 'seller.reinstate' : 'seller.approve';
  return to === 'rejected' ? 'seller.reject' : 'seller.suspend';
}

/** Who acted: a signed-in member of staff, or someone at a shell running one of the command-line tools. */
export const AUDIT_ACTORS = ['staff', 'command-line'] as const;
export type AuditActorKind = (typeof AUDIT_ACTORS)[number];

export const auditQuerySchema = z.object({
  /** Staff name or e-mail, the command line's user@host, the subject's id, or words of the reason. */
  q: searchTextSchema,
  action: z.enum(AUDIT_ACTIONS, { error: 'is not an audit action' }).optional(),
  actor: z.enum(AUDIT_ACTORS, { error: `must be one of ${AUDIT_ACTORS.join(', ')}` }).optional(),
  page: pageSchema,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

const auditStateSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z
  .object({
    id: z.number(),
    /** Null when the action was taken with a command-line tool. */
    staff: z
      .object({ id: z.number(), name: z.string(), email: z.string(), role: z.enum(STAFF_ROLES) })
      .nullable(),
    /** `user@host` of the shell that ran a command-line tool; null for a member of staff. */
    commandLineUser: z.string().nullable(),
    action: z.string(),
    subjectKind: z.string(),
    subjectId: z.string(),
    before: auditStateSchema,
    after: auditStateSchema,
    reason: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;
