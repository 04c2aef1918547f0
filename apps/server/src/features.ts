import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog/routes';
import { reviewsRoutes } from './reviews/routes';
import { authRoutes } from './auth/routes';
import { cartRoutes } from './cart/routes';
import { wishlistRoutes } from './wishlist/routes';
import { addressesRoutes } from './addresses/routes';
import { ordersRoutes } from './orders/routes';
import { dashboardRoutes } from './dashboard/routes';
import { chatRoutes } from './chat/routes';
import { paymentsRoutes } from './payments/routes';
import { opsRoutes } from './ops/routes';
import { adminRoutes } from './admin/routes';
import { adminCatalogueRoutes } from './adminCatalogue/routes';
import { adminCustomerRoutes } from './customers/routes';
import { adminSettingsRoutes } from './settings/routes';
import { sellerRoutes } from './sellers/routes';
import { deliveryRoutes } from './delivery/routes';
import { sellerProductRoutes } from './sellerProducts/routes';
import { fulfilmentRoutes } from './fulfilment/routes';
import { photoRoutes } from './photos/routes';
import { taxInvoiceRoutes } from './taxInvoices/routes';
import { returnsRoutes } from './returns/routes';
import { refundsRoutes } from './refunds/routes';
import { notificationsRoutes } from './notifications/routes';

/** Each feature registers its own routes under /api. */
export async function registerFeatures(api: FastifyInstance): Promise<void> {
  await api.register(catalogRoutes);
  await api.register(reviewsRoutes);
  await api.register(authRoutes);
  await api.register(cartRoutes);
  await api.register(wishlistRoutes);
  await api.register(addressesRoutes);
  await api.register(ordersRoutes);
  await api.register(dashboardRoutes);
  await api.register(chatRoutes);
  await api.register(paymentsRoutes);
  // The operators' console (verifying payments) and the seller console's sign-in (for chat), each its own session.
  await api.register(opsRoutes);
  // The marketplace admin console (issue 17), for staff with the admin role; it shares the operators' session.
  await api.register(adminRoutes);
  // Its categories and banners (multipart uploads of their pictures).
  await api.register(adminCatalogueRoutes);
  await api.register(adminCustomerRoutes);
  await api.register(adminSettingsRoutes);
  await api.register(sellerRoutes);
  // The seller center's catalogue: a seller's own products, their sizes and stock, CSV export and import.
  await api.register(sellerProductRoutes);
  // The seller center's orders (fulfilment) and earnings.
  await api.register(fulfilmentRoutes);
  // The product page's pincode check: whether and when the seller delivers there.
  await api.register(deliveryRoutes);
  // The seller center's product photos (multipart uploads, renditions in the media storage).
  await api.register(photoRoutes);
  // GST tax invoices and credit notes for shoppers, sellers and staff, and the admin's GST rates.
  await api.register(taxInvoiceRoutes);
  // Issue 19: shoppers' cancellations and returns (sellers answer returns), and refunds (operators record them).
  await api.register(returnsRoutes);
  await api.register(refundsRoutes);
  // The notification outbox in the admin console: failed messages and their retry.
  await api.register(notificationsRoutes);
}
