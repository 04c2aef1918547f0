/** Pricing rules shared by the server (which charges) and the web app (which displays). All money is whole rupees. */

export const FREE_SHIPPING_ABOVE = 799;
export const SHIPPING_FEE = 85;

/** Price after discount: the discount amount is floored, so the shopper never pays a fraction of a rupee. */
export function discountedPrice(price: number, discountPercent: number): number {
  return price - Math.floor((price * discountPercent) / 100);
}

/** Shipping is free when the goods total is above ₹799, else a flat ₹85 per order. */
export function shippingFeeFor(goodsTotal: number): number {
  if (goodsTotal <= 0) return 0;
  return goodsTotal > FREE_SHIPPING_ABOVE ? 0 : SHIPPING_FEE;
}

const rupeeFormatter = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** ₹1,29,999 — Indian digit grouping. */
export function formatRupees(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return 'N/A';
  return `₹${rupeeFormatter.format(amount)}`;
}
