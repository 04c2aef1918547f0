import type { SellerProfile, SellerStatus } from '@bazaar/shared';

/** The columns a seller's profile is made of (sign-in, the session's account, registration). */
export const SELLER_PROFILE_COLUMNS = [
  'id',
  'name',
  'shop_name',
  'email',
  'status',
  'status_reason',
  'slug',
  'commission_percent',
  'accepts_cod',
] as const;

export interface SellerProfileRow {
  id: number;
  name: string;
  shop_name: string;
  email: string;
  status: string;
  status_reason: string | null;
  slug: string | null;
  commission_percent: number;
  accepts_cod: number;
}

export function sellerProfileOf(row: SellerProfileRow): SellerProfile {
  return {
    id: row.id,
    name: row.name,
    shopName: row.shop_name,
    email: row.email,
    status: row.status as SellerStatus,
    statusReason: row.status_reason,
    // Migration 017 gave every seller a slug and registration always sets one; the id is a safe stand-in.
    slug: row.slug ?? String(row.id),
    commissionPercent: row.commission_percent,
    acceptsCod: row.accepts_cod === 1,
  };
}
