/** Spec §2: the hero shows five fixed slides (the server's banners are fetched but not displayed). */
export interface HeroSlide {
  heading: string;
  secondHeading: string;
  description: string;
  buttonText: string;
  /** Tailwind background for the slide; the art sits on top of it. */
  background: string;
  accent: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    heading: 'Summer Collection',
    secondHeading: 'Breezy cottons & linen kurtas',
    description: 'New Arrival on Sale',
    buttonText: 'Shop Now',
    background: 'bg-gradient-to-br from-amber-100 via-orange-50 to-rose-100',
    accent: 'text-orange-600',
  },
  {
    heading: 'The Biggest Sale',
    secondHeading: 'Up to 70% off top brands',
    description: 'Special for today',
    buttonText: 'Get It Now',
    background: 'bg-gradient-to-br from-rose-200 via-brand-100 to-fuchsia-100',
    accent: 'text-brand-700',
  },
  {
    heading: 'Festive Edit',
    secondHeading: 'Sarees, lehengas & sherwanis',
    description: 'Handpicked for the season',
    buttonText: 'Explore Now',
    background: 'bg-gradient-to-br from-yellow-100 via-amber-50 to-red-100',
    accent: 'text-red-700',
  },
  {
    heading: 'Street Style',
    secondHeading: 'Sneakers, denim & graphic tees',
    description: 'Fresh drops every week',
    buttonText: 'Shop the Look',
    background: 'bg-gradient-to-br from-sky-100 via-indigo-50 to-violet-100',
    accent: 'text-indigo-700',
  },
  {
    heading: 'Glow & Home',
    secondHeading: 'Beauty and home living picks',
    description: 'Trending under ₹999',
    buttonText: 'Discover',
    background: 'bg-gradient-to-br from-emerald-100 via-teal-50 to-cyan-100',
    accent: 'text-teal-700',
  },
];
