/** Spec §2: the hero shows five fixed slides (the server's banners are fetched but not displayed). */
export interface HeroSlide {
  heading: string;
  secondHeading: string;
  description: string;
  buttonText: string;
  /** Banner art served by the API; the left side of each picture is left clear for the text. */
  image: string;
  /** Text colour that reads on the banner's backdrop. */
  tone: 'light' | 'dark';
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    heading: 'Summer Collection',
    secondHeading: 'Breezy dresses, tees & sneakers',
    description: 'New Arrival on Sale',
    buttonText: 'Shop Now',
    image: '/media/banner/1.svg',
    tone: 'dark',
  },
  {
    heading: 'The Biggest Sale',
    secondHeading: 'Up to 70% off bags, heels & watches',
    description: 'Special for today',
    buttonText: 'Get It Now',
    image: '/media/banner/2.svg',
    tone: 'light',
  },
  {
    heading: 'Festive Edit',
    secondHeading: 'Sarees, kurtas & more for the season',
    description: 'Handpicked for celebrations',
    buttonText: 'Explore Now',
    image: '/media/banner/3.svg',
    tone: 'light',
  },
  {
    heading: 'Home Makeover',
    secondHeading: 'Lamps, cushions & bed linen',
    description: 'Fresh picks for every room',
    buttonText: 'Shop Home',
    image: '/media/banner/4.svg',
    tone: 'light',
  },
  {
    heading: 'Glow Up',
    secondHeading: 'Lipsticks, perfumes & serums',
    description: 'Trending beauty under ₹999',
    buttonText: 'Discover',
    image: '/media/banner/5.svg',
    tone: 'dark',
  },
];
