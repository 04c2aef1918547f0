import { FileText, RotateCcw, ShieldCheck, Truck, type LucideIcon } from 'lucide-react';
import { FREE_SHIPPING_ABOVE, REFUND_BUSINESS_DAYS, SHIPPING_FEE, formatRupees } from '@bazaar/shared';
import type { PolicyKey } from '../../components/layout/policyLinks';
import { STORE_ADDRESS, STORE_INFO } from '../../components/layout/storeInfo';

/** Spec §2 "Policy text facts": the numbers every policy must agree on. */
export const POLICY_FACTS = {
  effectiveDate: '01-01-2025',
  returnWindowDays: 7,
  refundDays: `${REFUND_BUSINESS_DAYS.min}-${REFUND_BUSINESS_DAYS.max} business days`,
  processingHours: '24-48 business hours',
  standardDelivery: '5-7 business days',
  expressDelivery: '2-4 business days',
} as const;

export interface PolicySection {
  heading: string;
  paragraphs?: string[];
  points?: string[];
}

export interface Policy {
  title: string;
  tagline: string;
  icon: LucideIcon;
  /** Key numbers shown as cards under the hero. */
  highlights: { label: string; value: string }[];
  sections: PolicySection[];
}

const freeShipping = formatRupees(FREE_SHIPPING_ABOVE);
const shippingFee = formatRupees(SHIPPING_FEE);
const contactLine = `Write to ${STORE_INFO.email}, call ${STORE_INFO.phone}, or visit us at ${STORE_ADDRESS}.`;

export const POLICIES: Record<PolicyKey, Policy> = {
  'privacy-policy': {
    title: 'Privacy Policy',
    tagline: 'What we collect, why we collect it, and the choices you have.',
    icon: ShieldCheck,
    highlights: [
      { label: 'We never sell', value: 'your personal data' },
      { label: 'Payments', value: 'by UPI; we never see your PIN' },
      { label: 'Effective from', value: POLICY_FACTS.effectiveDate },
    ],
    sections: [
      {
        heading: 'Information we collect',
        paragraphs: ['We collect only what we need to run your account and deliver your orders:'],
        points: [
          'Account details: your name, e-mail address and mobile number.',
          'Delivery addresses you save, including optional landmarks and alternate phone numbers.',
          'Orders, wishlists, cart contents, reviews you write and messages you send to sellers.',
          'The UPI transaction reference (UTR) you submit so we can verify a payment. We never see or store your UPI PIN.',
          'Basic technical data such as browser type and pages visited, used to keep the site secure and working.',
        ],
      },
      {
        heading: 'How we use it',
        points: [
          'To process, ship and support your orders, and to share the delivery address with the seller and courier fulfilling them.',
          'To verify payments, prevent fraud and keep your account secure.',
          'To answer your questions and send service messages about your orders.',
          'To improve our catalogue, search and recommendations.',
        ],
      },
      {
        heading: 'Sharing and security',
        paragraphs: [
          'We share data only with the sellers, courier partners and payment providers who need it to complete your order, and with authorities when the law requires it. We do not sell personal data.',
          'Passwords are stored as one-way hashes, sessions use signed tokens, and access to customer data is limited to staff who need it.',
        ],
      },
      {
        heading: 'Your choices and rights',
        paragraphs: [
          'You can view and update your saved addresses from your dashboard at any time. Under the Digital Personal Data Protection Act, 2023 you may ask us, through the contact details below, for a summary of your data, to correct it, or to erase your account once no order is pending.',
        ],
      },
      {
        heading: 'Grievances and contact',
        paragraphs: [`Our grievance officer responds within 30 days. ${contactLine}`],
      },
    ],
  },

  'terms-condition': {
    title: 'Terms & Conditions',
    tagline: 'The agreement between you and Bazaar when you shop with us.',
    icon: FileText,
    highlights: [
      { label: 'Governing law', value: 'India; courts at Hyderabad' },
      { label: 'Returns', value: `within ${POLICY_FACTS.returnWindowDays} days of delivery` },
      { label: 'Effective from', value: POLICY_FACTS.effectiveDate },
    ],
    sections: [
      {
        heading: 'Using Bazaar',
        paragraphs: [
          `These terms apply to every visit and purchase on Bazaar, operated by ${STORE_INFO.legalName}, ${STORE_ADDRESS}. By creating an account or placing an order you accept them.`,
        ],
        points: [
          'You must be at least 18 years old, or shop under the supervision of a parent or guardian.',
          'Keep your login details private; you are responsible for activity on your account.',
          'Reviews and chat messages must be honest and respectful; we may remove content that is not.',
        ],
      },
      {
        heading: 'Products and prices',
        paragraphs: [
          'Products are sold by the independent shops listed on each product page. Prices are in Indian rupees and include applicable taxes. Discounts are shown against the maximum retail price (MRP).',
          'We work hard to describe products accurately, but colours may look slightly different on your screen. If a listing contains an obvious pricing error we may cancel the affected order and refund any amount paid in full.',
        ],
      },
      {
        heading: 'Orders and payment',
        points: [
          'An order is confirmed once payment by UPI is verified against the transaction reference (UTR).',
          `Orders are processed within ${POLICY_FACTS.processingHours} and shipped as described in our Shipping Policy.`,
          `Shipping is free on purchases above ${freeShipping}; otherwise a fee of ${shippingFee} applies.`,
        ],
      },
      {
        heading: 'Returns, refunds and cancellations',
        paragraphs: [
          `Eligible items can be returned within ${POLICY_FACTS.returnWindowDays} days of delivery, and refunds are issued within ${POLICY_FACTS.refundDays} of the return being approved. See our Return & Refund Policy for details.`,
        ],
      },
      {
        heading: 'Liability and disputes',
        paragraphs: [
          'Our liability for any order is limited to the amount paid for it. These terms are governed by the laws of India, and the courts at Hyderabad, Telangana have exclusive jurisdiction.',
          contactLine,
        ],
      },
    ],
  },

  'return-refund': {
    title: 'Return & Refund Policy',
    tagline: 'Changed your mind? Easy returns and quick refunds.',
    icon: RotateCcw,
    highlights: [
      { label: 'Return window', value: `${POLICY_FACTS.returnWindowDays} days of delivery` },
      { label: 'Refund time', value: POLICY_FACTS.refundDays },
      { label: 'Effective from', value: POLICY_FACTS.effectiveDate },
    ],
    sections: [
      {
        heading: 'Return window',
        paragraphs: [
          `You can return an eligible item within ${POLICY_FACTS.returnWindowDays} days of delivery. To start a return, contact support with your order ID and the item you want to send back.`,
        ],
      },
      {
        heading: 'What can be returned',
        points: [
          'Items must be unused, unwashed and in their original packaging, with all tags attached.',
          'Damaged, defective or wrong items are always accepted within the return window; please share a photo when you raise the request.',
          'For hygiene reasons, innerwear, opened beauty products and personalised items cannot be returned unless they arrive damaged or defective.',
        ],
      },
      {
        heading: 'How refunds work',
        paragraphs: [
          `Once the returned item reaches the seller and passes a quality check, we approve the refund. The money reaches the original UPI account within ${POLICY_FACTS.refundDays}.`,
          'Shipping fees are refunded when the return is due to our mistake (a damaged, defective or wrong item).',
        ],
      },
      {
        heading: 'Cancellations',
        paragraphs: [
          'To cancel an order before it is shipped, contact support with your order ID. Paid cancellations are refunded on the same timeline as returns.',
        ],
      },
      { heading: 'Need help?', paragraphs: [contactLine] },
    ],
  },

  'shipping-policy': {
    title: 'Shipping Policy',
    tagline: 'How and when your order reaches you, anywhere in India.',
    icon: Truck,
    highlights: [
      { label: 'Processing', value: POLICY_FACTS.processingHours },
      { label: 'Standard delivery', value: POLICY_FACTS.standardDelivery },
      { label: 'Express delivery', value: POLICY_FACTS.expressDelivery },
    ],
    sections: [
      {
        heading: 'Order processing',
        paragraphs: [
          `Orders are processed within ${POLICY_FACTS.processingHours} after payment is verified. Orders placed on Sundays or public holidays are processed on the next business day.`,
        ],
      },
      {
        heading: 'Delivery times',
        points: [
          `Standard delivery: ${POLICY_FACTS.standardDelivery} after dispatch.`,
          `Express delivery: ${POLICY_FACTS.expressDelivery} after dispatch, in serviceable cities.`,
          'Remote pin codes may take a little longer; we will keep you informed if your order is delayed.',
        ],
      },
      {
        heading: 'Shipping charges',
        paragraphs: [
          `Shipping is free on purchases above ${freeShipping}. Orders of ${freeShipping} or less carry a shipping fee of ${shippingFee}. The fee is shown in your cart before you pay.`,
        ],
      },
      {
        heading: 'Tracking and delivery',
        points: [
          'Follow every order from your dashboard under My Orders.',
          'Orders from different shops may arrive in separate packages.',
          'Please check the package at delivery and report any damage within the return window.',
        ],
      },
      { heading: 'Questions?', paragraphs: [contactLine] },
    ],
  },
};
