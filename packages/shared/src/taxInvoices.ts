import { z } from 'zod';
import { idSchema } from './validation';

/**
 * GST tax invoices and credit notes (issue 17): the GST rate of each HSN code, which the admin console edits on
 * /admin/tax-rates, and the credit note of a refund.
 */

export const taxInvoiceMessages = {
  rateNotFound: 'No rate for that HSN code',
  rateSaved: 'Rate saved: invoices issued from now on use it',
  notInvoiced: 'This part is not invoiced yet: its tax invoice is issued once it is paid',
  noCreditNote: 'No credit note for this refund: nothing it refunds was invoiced',
  refundNotFound: 'Refund not found',
  slabIncomplete: 'Give both the high rate and the value a piece above which it applies, or neither',
} as const;

/** GST is charged at whole percentages between these. */
export const MAX_GST_RATE_PERCENT = 40;

const ratePercentSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole percent')
  .min(0, 'must be at least 0')
  .max(MAX_GST_RATE_PERCENT, `must be at most ${MAX_GST_RATE_PERCENT}`);

export const hsnRateSchema = z
  .object({
    hsnCode: z.string(),
    description: z.string(),
    ratePercent: z.number(),
    /** Apparel and footwear: the rate above `slabLimit` rupees of taxable value a piece; null for a flat rate. */
    highRatePercent: z.number().nullable(),
    slabLimit: z.number().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'HsnRate' });
export type HsnRate = z.infer<typeof hsnRateSchema>;

export const hsnRateListResponseSchema = z.object({ rates: z.array(hsnRateSchema) });
export type HsnRateListResponse = z.infer<typeof hsnRateListResponseSchema>;

export const hsnCodeParamsSchema = z.object({
  hsnCode: z.string().regex(/^\d{4,8}$/, 'must be an HSN code of 4 to 8 digits'),
});

export const hsnRateChangeSchema = z
  .object({
    description: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(200, 'must be at most 200 characters')
      .optional(),
    ratePercent: ratePercentSchema,
    highRatePercent: ratePercentSchema.nullable(),
    slabLimit: z
      .number({ error: 'must be a number' })
      .int('must be whole rupees')
      .positive('must be more than 0')
      .max(10_000_000, 'is too large')
      .nullable(),
  })
  .superRefine((input, issues) => {
    if ((input.highRatePercent === null) !== (input.slabLimit === null))
      issues.addIssue({ code: 'custom', path: ['slabLimit'], message: taxInvoiceMessages.slabIncomplete });
  });
export type HsnRateChange = z.output<typeof hsnRateChangeSchema>;

export const hsnRateResponseSchema = z.object({ message: z.string(), rate: hsnRateSchema });
export type HsnRateResponse = z.infer<typeof hsnRateResponseSchema>;

export const refundIdParamsSchema = z.object({ refundId: idSchema });
