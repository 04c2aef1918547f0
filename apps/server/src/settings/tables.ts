/** One of the marketplace's own settings (migration 022), a whole number: the COD limit and fee, in rupees. */
export interface MarketplaceSettingTable {
  /** The setting's key: 'cod_limit' | 'cod_fee'. */
  id: string;
  value: number;
  updated_at: string;
}

export interface SettingsTables {
  marketplace_settings: MarketplaceSettingTable;
}
