import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { Slider } from '../../../components/product/Slider';
import './heroCarousel.css';
import { HERO_SLIDES, type HeroSlide } from './heroSlides';

/**
 * Spec §2 hero: autoplay every 2500 ms that keeps going after the shopper swipes, clicks or rests the mouse on it
 * (pausing on hover stopped it for anyone whose pointer happened to sit over the banner).
 */
const HERO_AUTOPLAY = { delay: 2500, disableOnInteraction: false, pauseOnMouseEnter: false };

const PAGINATION = { clickable: true };

const SWIPER_THEME = {
  '--swiper-theme-color': '#ffffff',
  '--swiper-navigation-size': '18px',
  '--swiper-navigation-color': 'var(--color-ink-900)',
  '--swiper-pagination-bullet-inactive-color': '#ffffff',
  '--swiper-pagination-bullet-inactive-opacity': '0.6',
  // Each bullet's 8 px dot sits in a 24 px touch target (heroCarousel.css): no gap between targets, and the row
  // sits 8 px lower so the dots stay where they were.
  '--swiper-pagination-bullet-horizontal-gap': '0px',
  '--swiper-pagination-bottom': '6px',
} as CSSProperties;

const TONES = {
  dark: {
    eyebrow: 'text-brand-700',
    heading: 'text-ink-900',
    body: 'text-ink-700',
    button: 'btn-dark',
    scrim: 'from-white/80 via-white/40',
  },
  light: {
    eyebrow: 'text-amber-200',
    heading: 'text-white',
    body: 'text-white/85',
    button: 'btn bg-white text-ink-900 hover:bg-brand-50',
    scrim: 'from-black/45 via-black/15',
  },
} as const;

function HeroSlideView({
  slide,
  index,
  withArt = true,
}: {
  slide: HeroSlide;
  index: number;
  withArt?: boolean;
}) {
  const tone = TONES[slide.tone];
  const Heading = index === 0 ? 'h1' : 'h2';
  return (
    <div className="relative h-full min-h-72 overflow-hidden sm:min-h-80 lg:min-h-0 lg:aspect-[8/3]">
      {withArt && (
        <img
          src={slide.image}
          alt=""
          width={1600}
          height={600}
          // The first slide is the page's largest paint: fetched first; the others wait until they are near.
          loading={index === 0 ? 'eager' : 'lazy'}
          decoding={index === 0 ? 'auto' : 'async'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          className="absolute inset-0 h-full w-full object-cover object-[72%_center]"
        />
      )}
      {/* On narrow screens the art runs under the text, so a soft scrim keeps the words readable. */}
      <div
        className={`absolute inset-0 bg-gradient-to-r ${tone.scrim} to-transparent lg:hidden`}
        aria-hidden="true"
      />
      <div className="relative z-10 flex h-full max-w-[62%] flex-col justify-center px-6 py-10 sm:px-12 lg:max-w-[50%] lg:px-20">
        <p
          className={`text-[11px] font-semibold uppercase tracking-[0.18em] sm:text-sm sm:tracking-[0.25em] ${tone.eyebrow}`}
        >
          {slide.description}
        </p>
        <Heading className={`mt-2 text-3xl font-bold leading-[1.05] sm:text-5xl lg:text-6xl ${tone.heading}`}>
          {slide.heading}
        </Heading>
        <p className={`mt-3 text-sm font-medium sm:text-lg ${tone.body}`}>{slide.secondHeading}</p>
        <Link
          to="/shops"
          className={`${tone.button} mt-5 self-start rounded-pill px-5 sm:mt-8 sm:px-7 sm:py-3`}
        >
          {slide.buttonText} <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}

const HERO_FRAME = 'hero-carousel overflow-hidden rounded-2xl bg-canvas';

/**
 * The five fixed hero slides over the server's banner art. The first slide shows at once, as plain markup, and is
 * the page's largest paint; Swiper (autoplay, arrows, bullets) takes over once the shopper engages with the page
 * (see Slider), so the banner holds still while the page is still arriving.
 */
export function HeroCarousel() {
  return (
    <section
      aria-label="Featured collections"
      aria-roledescription="carousel"
      className="container-page pt-4 lg:pt-6"
    >
      <Slider
        fallback={
          // Swiper makes every slide as tall as the tallest one, so the stand-in stacks all five in one grid cell
          // (the others invisible and without their art) to take exactly that height: nothing moves when Swiper
          // takes over, and the first picture stays the page's largest paint.
          <div className={`relative grid ${HERO_FRAME}`}>
            {HERO_SLIDES.map((slide, index) => (
              <div
                key={slide.heading}
                className={`[grid-area:1/1] ${index === 0 ? '' : 'invisible'}`}
                aria-hidden={index === 0 ? undefined : true}
              >
                <HeroSlideView slide={slide} index={index} withArt={index === 0} />
              </div>
            ))}
          </div>
        }
        autoplay={HERO_AUTOPLAY}
        loop
        navigation
        pagination={PAGINATION}
        slidesPerView={1}
        style={SWIPER_THEME}
        className={HERO_FRAME}
        slides={HERO_SLIDES.map((slide, index) => ({
          key: slide.heading,
          className: '!h-auto',
          content: <HeroSlideView slide={slide} index={index} />,
        }))}
      />
    </section>
  );
}
