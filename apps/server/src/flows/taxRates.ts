import { taxInvoiceMessages, type HsnRateChange, type HsnRateResponse } from '@bazaar/shared';
import type { AppContext } from '../context';
import { recordAudit, type StaffActor } from '../audit/service';
import { setTaxRate } from '../taxInvoices/service';

/**
 * The admin changes the GST rate of an HSN code (/admin/tax-rates): the change and its audit row
 * (`tax_rate.change`, before and after) are one transaction.
 */
export async function changeTaxRate(
  ctx: AppContext,
  actor: StaffActor,
  hsnCode: string,
  change: HsnRateChange,
): Promise<HsnRateResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const { before, after } = await setTaxRate(ctx, trx, hsnCode, change);
    const { updatedAt: _before, ...beforeState } = before;
    const { updatedAt: _after, ...afterState } = after;
    await recordAudit(trx, actor, {
      action: 'tax_rate.change',
      subjectKind: 'hsn_rate',
      subjectId: hsnCode,
      before: beforeState,
      after: afterState,
    });
    return { message: taxInvoiceMessages.rateSaved, rate: after };
  });
}
