import { codMessages, type MarketplaceSettings, type MarketplaceSettingsResponse } from '@bazaar/shared';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { recordAudit, type StaffActor } from '../audit/service';
import { saveSetting } from '../settings/repository';
import { marketplaceSettings } from '../settings/service';

/** The admin changes the marketplace's settings (issue 19: the COD limit and fee); the audit row is in its transaction. */

/** Saves the settings with an audit row of what changed, in one transaction; a save that changes nothing is not audited. */
export async function changeSettings(
  ctx: AppContext,
  actor: StaffActor,
  next: MarketplaceSettings,
): Promise<MarketplaceSettingsResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await marketplaceSettings(trx);
    if (before.codLimit === next.codLimit && before.codFee === next.codFee) return;
    const now = nowIso();
    await saveSetting(trx, 'cod_limit', next.codLimit, now);
    await saveSetting(trx, 'cod_fee', next.codFee, now);
    await recordAudit(trx, actor, {
      action: 'settings.change',
      subjectKind: 'settings',
      subjectId: 'marketplace',
      before: { ...before },
      after: { ...next },
    });
  });
  return { message: codMessages.settingsSaved, settings: await marketplaceSettings(ctx.db) };
}
