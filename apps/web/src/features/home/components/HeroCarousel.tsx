import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import './heroCarousel.css';
import { ArrowRight } from 'lucide-react';
import { showFallbackImage } from '../../../components/product/productRules';
import { HERO_SLIDES, type HeroSlide } from './heroSlides';

/** Spec §2 hero: autoplay every 2500 ms that keeps going after the shopper swipes or clicks. */
const HERO_AUTOPLAY = { delay: 2500, disableOnInteraction: false, pauseOnMouseEnter: true };

const SWIPER_THEME = {
  '--swiper-theme-color': 'var(--color-ink-900)',
  '--swiper-navigation-size': '18px',
  '--swiper-navigation-color': 'var(--color-ink-900)',
  '--swiper-pagination-bullet-inactive-color': 'var(--color-ink-500)',
  '--swiper-pagination-bullet-inactive-opacity': '0.35',
  '--swiper-pagination-bottom': '14px',
} as CSSProperties;

/** Three product photos fanned out like a lookbook spread; the middle one leads. */
function SlideArt({ images }: { images: string[] }) {
  if (images.length === 0) {
    return <div className="h-full w-full rounded-[2rem] bg-white/40" aria-hidden="true" />;
  }
  const [lead, ...rest] = images;
  return (
    <div className="relative h-full w-full" aria-hidden="true">
      {rest.slice(0, 2).map((image, index) => (
        <img
          key={image}
          src={image}
          alt=""
          width={300}
          height={400}
          onError={showFallbackImage}
          className={`absolute top-1/2 hidden aspect-[3/4] w-[34%] -translate-y-1/2 rounded-2xl object-cover shadow-raised ring-4 ring-white/80 sm:block ${
            index === 0 ? 'left-0 -rotate-6' : 'right-0 rotate-6'
          }`}
        />
      ))}
      <img
        src={lead}
        alt=""
        width={300}
        height={400}
        onError={showFallbackImage}
        className="absolute left-1/2 top-1/2 aspect-[3/4] w-[80%] -translate-x-1/2 -translate-y-1/2 rounded-2xl object-cover shadow-raised ring-4 ring-white sm:w-[42%]"
      />
    </div>
  );
}

function HeroSlideView({ slide, images, index }: { slide: HeroSlide; images: string[]; index: number }) {
  const Heading = index === 0 ? 'h1' : 'h2';
  return (
    <div
      className={`grid h-full grid-cols-[1.2fr_1fr] items-center gap-2 px-5 py-8 sm:grid-cols-2 sm:px-12 lg:px-16 ${slide.background}`}
    >
      <div className="relative z-10 min-w-0">
        <p className={`text-xs font-semibold uppercase tracking-[0.25em] sm:text-sm ${slide.accent}`}>
          {slide.description}
        </p>
        <Heading className="mt-2 text-3xl font-bold leading-[1.05] text-ink-900 sm:text-5xl lg:text-6xl">
          {slide.heading}
        </Heading>
        <p className="mt-3 text-sm font-medium text-ink-700 sm:text-lg">{slide.secondHeading}</p>
        <Link to="/shops" className="btn-dark mt-5 rounded-pill px-5 sm:mt-8 sm:px-7 sm:py-3">
          {slide.buttonText} <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </div>
      <div className="relative h-56 sm:h-80 lg:h-96">
        <SlideArt images={images} />
      </div>
    </div>
  );
}

/**
 * The five fixed hero slides. `art` is a pool of product photos dealt out three per slide, so the banner always
 * shows real catalogue items without depending on the server's banner list.
 */
export function HeroCarousel({ art }: { art: string[] }) {
  return (
    <section
      aria-label="Featured collections"
      aria-roledescription="carousel"
      className="container-page pt-4 lg:pt-6"
    >
      <Swiper
        modules={[Autoplay, Navigation, Pagination, A11y]}
        autoplay={HERO_AUTOPLAY}
        loop
        navigation
        pagination={{ clickable: true }}
        slidesPerView={1}
        style={SWIPER_THEME}
        className="hero-carousel overflow-hidden rounded-2xl"
      >
        {HERO_SLIDES.map((slide, index) => (
          <SwiperSlide key={slide.heading} className="!h-auto">
            <HeroSlideView slide={slide} index={index} images={art.slice(index * 3, index * 3 + 3)} />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
