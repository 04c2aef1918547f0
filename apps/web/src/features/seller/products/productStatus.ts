import type { ProductStatus } from '@bazaar/shared/sellerCenter';
import type { BadgeTone } from '../../../components/ui/Badge';

/** How the seller center names a product's status, with what it means for shoppers. */
export const STATUS_LABELS: Record<ProductStatus, { label: string; help: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', help: 'Being prepared; shoppers cannot see it', tone: 'neutral' },
  active: { label: 'Active', help: 'On sale once your shop is approved', tone: 'success' },
  archived: { label: 'Archived', help: 'Withdrawn from sale; kept for its orders', tone: 'dark' },
};
