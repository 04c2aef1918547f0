import { BadgeCheck, HeartHandshake, Layers, type LucideIcon } from 'lucide-react';
import { FREE_SHIPPING_ABOVE, formatRupees } from '@bazaar/shared';

/** The About page's words, kept apart from its layout. */
export const ABOUT = {
  welcome: {
    eyebrow: 'Welcome to Bazaar',
    title: 'Fashion for every day, every festival, every you',
    text: 'Bazaar is an online home for Indian fashion: clothing for men, women and kids, footwear and accessories, home living and beauty, from independent shops we know and trust.',
  },
  story: {
    title: 'Our Story',
    paragraphs: [
      'Bazaar began in Hyderabad with a simple idea: the wonderful shops in our local markets deserve a shopfront that reaches the whole country, and shoppers deserve to browse them without leaving home.',
      'We started with a handful of family-run stores selling kurtas and sarees. Today shops across India list everything from everyday tees to wedding-season lehengas, handloom cushion covers and skincare, all in one place.',
    ],
    facts: [
      { value: '5', label: 'Categories: Mens, Women, Kids, Home Living, Beauty' },
      { value: 'UPI', label: 'Simple, secure payments' },
      { value: 'Hyderabad', label: 'Where we started' },
    ],
  },
  commitment: {
    title: 'Our Commitment',
    intro: 'Three promises guide every product we list and every order we ship.',
    pillars: [
      {
        icon: Layers,
        title: 'Curated Collections',
        text: 'Every shop and collection is hand-picked, from festive ethnic wear to everyday essentials, so you spend less time scrolling and more time loving what you wear.',
      },
      {
        icon: BadgeCheck,
        title: 'Quality Assurance',
        text: 'Listings carry honest details, photos and real reviews. If something arrives damaged or not as described, our return policy has you covered.',
      },
      {
        icon: HeartHandshake,
        title: 'Customer-Centric Approach',
        text: `Support in multiple languages around the clock, free shipping above ${formatRupees(FREE_SHIPPING_ABOVE)}, and chat with sellers directly when you need advice on size or fit.`,
      },
    ] as { icon: LucideIcon; title: string; text: string }[],
  },
  discover: {
    title: 'Discover Your Style',
    text: 'Whether you dress for the office, the sangeet or a Sunday brunch, start with a category and make it yours.',
    cta: 'Start shopping',
  },
  connect: {
    title: 'Connect With Us',
    text: 'Questions, ideas, or a shop you think we should meet? We would love to hear from you.',
    cta: 'Contact us',
  },
} as const;
