import { DEFAULT_COD_FEE, DEFAULT_COD_LIMIT, type MarketplaceSettings } from '@bazaar/shared';
import type { DB } from '../db/database';
import * as repo from './repository';

/** The marketplace's own settings (admin console, issue 19): the cash-on-delivery limit and fee. */

export async function marketplaceSettings(db: DB): Promise<MarketplaceSettings> {
  const values = await repo.settingValues(db);
  return { codLimit: values.cod_limit ?? DEFAULT_COD_LIMIT, codFee: values.cod_fee ?? DEFAULT_COD_FEE };
}
