import type { DialectMigration } from '../migrate';
import { up as catalog } from './001_catalog';
import { up as accounts } from './002_accounts';
import { up as catalogSearch } from './003_catalog_search';
import { up as cartWishlist } from './004_cart_wishlist';
import { up as accountsExtra } from './005_accounts_extra';
import { up as addressesOrders } from './006_addresses_orders';
import { up as chat } from './007_chat';
import { up as payments } from './008_payments';
import { up as performance } from './009_performance';
import { up as sellingPriceIndexes } from './010_selling_price_indexes';
import { up as verifiedReviewsOrderFingerprint } from './011_verified_reviews_order_fingerprint';
import { up as paymentClaims } from './012_payment_claims';
import { up as sessions } from './013_sessions';
import { up as variants } from './014_variants';
import { up as sellerPickup } from './015_seller_pickup';
import { up as listingFacets } from './016_listing_facets';
import { up as sellerCenter } from './017_seller_center';
import { up as staffRolesAudit } from './018_staff_roles_audit';
import { up as hiddenProducts } from './019_hidden_products';
import { up as notificationOutbox } from './020_notification_outbox';
import { up as adminCatalogue } from './021_admin_catalogue';
import { up as customersCod } from './022_customers_cod';
import { up as taxInvoices } from './023_tax_invoices';
import { up as returnsRefunds } from './024_returns_refunds';
import { up as returnPhotos } from './025_return_photos';
import { up as sizesInStock } from './027_sizes_in_stock';
import { up as newestCoveringIndexes } from './030_newest_covering_indexes';
import { up as commandLineAudit } from './032_command_line_audit';
import { up as orderedCoveringIndexes } from './033_ordered_covering_indexes';
import { up as categorySearchCoveringIndex } from './034_category_search_covering_index';
import { up as outsideCatalogueChanges } from './035_outside_catalogue_changes';

/** Every migration, in order. Names are permanent: never rename or edit one that has shipped. */
export const migrations: Record<string, DialectMigration> = {
  '001_catalog': catalog,
  '002_accounts': accounts,
  '003_catalog_search': catalogSearch,
  '004_cart_wishlist': cartWishlist,
  '005_accounts_extra': accountsExtra,
  '006_addresses_orders': addressesOrders,
  '007_chat': chat,
  '008_payments': payments,
  '009_performance': performance,
  '010_selling_price_indexes': sellingPriceIndexes,
  '011_verified_reviews_order_fingerprint': verifiedReviewsOrderFingerprint,
  '012_payment_claims': paymentClaims,
  '013_sessions': sessions,
  '014_variants': variants,
  '015_seller_pickup': sellerPickup,
  '016_listing_facets': listingFacets,
  '017_seller_center': sellerCenter,
  '018_staff_roles_audit': staffRolesAudit,
  '019_hidden_products': hiddenProducts,
  '020_notification_outbox': notificationOutbox,
  '021_admin_catalogue': adminCatalogue,
  '022_customers_cod': customersCod,
  '023_tax_invoices': taxInvoices,
  '024_returns_refunds': returnsRefunds,
  '025_return_photos': returnPhotos,
  '027_sizes_in_stock': sizesInStock,
  '030_newest_covering_indexes': newestCoveringIndexes,
  '032_command_line_audit': commandLineAudit,
  '033_ordered_covering_indexes': orderedCoveringIndexes,
  '034_category_search_covering_index': categorySearchCoveringIndex,
  '035_outside_catalogue_changes': outsideCatalogueChanges,
};
