import type { DeliveryStatus, PaymentStatus, SellerOrderDetail } from '@bazaar/shared';

/** A seller's part of an order (id 41) as the seller center loads it, in `status` and paid as `paymentStatus`. */
export function sellerPart(status: DeliveryStatus, paymentStatus: PaymentStatus = 'paid'): SellerOrderDetail {
  return {
    _id: 41,
    orderId: 'BZ-2611-ABCDEF',
    date: '2026-11-20T10:00:00.000Z',
    status,
    paymentStatus,
    amount: 1600,
    items: 2,
    lines: [],
    shippingInfo: {
      name: 'Meera Iyer',
      address: '12 MG Road',
      province: 'Karnataka',
      city: 'Bengaluru',
      area: '',
      phonenumber: '9876543210',
      pincode: '560001',
    },
    courier: null,
    trackingNumber: null,
    shippedAt: null,
    deliveredAt: null,
    commissionPercent: 10,
    timeline: [],
  };
}
