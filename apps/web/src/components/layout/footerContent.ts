import { BadgeIndianRupee, Gift, Headset, Truck, type LucideIcon } from 'lucide-react';
import { FREE_SHIPPING_ABOVE, formatRupees } from '@bazaar/shared';

/** The footer's four promises (spec §1). */
export const BENEFITS: readonly { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Truck, title: 'Free Shipping', text: `On purchases above ${formatRupees(FREE_SHIPPING_ABOVE)}` },
  { icon: Headset, title: '24/7 Customer Support', text: 'Help in multiple languages' },
  { icon: BadgeIndianRupee, title: '100% Moneyback', text: 'Guarantee for transactions as per the terms' },
  { icon: Gift, title: 'Free Gift Coupons', text: 'On every purchase' },
];

export const QUICK_PAGES = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/shops', label: 'Shop' },
] as const;

/** Spec: the footer lists at most 5 categories. */
export const FOOTER_CATEGORY_LIMIT = 5;

export const BRAND_BLURB =
  'Bazaar brings India’s favourite fashion home: everyday wear, festive picks, footwear, home living and beauty from trusted shops, at honest prices.';

export const COPYRIGHT = '© 2025 Bazaar. All rights reserved.';
