import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react';
import { useEngaged } from '../../app/engagement';
import { useHydrated } from '../../app/useHydrated';
import type { SwiperSliderProps } from './SwiperSlider';

export type { SlideItem } from './SwiperSlider';

const SwiperSlider = lazy(() => import('./SwiperSlider'));

type Breakpoints = Record<number, { slidesPerView?: number | 'auto' }>;

/** Slides a breakpoint shows side by side, as Swiper would lay them out (`slidesPerView`, default 1). */
function perView(value: number | 'auto' | undefined): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** Tailwind classes showing or hiding a slide at each of the slider breakpoints Swiper is given (640/768/1024). */
const BREAKPOINT_DISPLAY = {
  base: { show: '', hide: 'hidden' },
  640: { show: 'sm:block', hide: 'sm:hidden' },
  768: { show: 'md:block', hide: 'md:hidden' },
  1024: { show: 'lg:block', hide: 'lg:hidden' },
} as const;

/**
 * The slider's first view laid out the way Swiper lays it out (same slide widths and gaps at every breakpoint, see
 * .slider-static in index.css), so nothing moves when Swiper takes over. Only the slides that show at the current
 * width are displayed: hidden ones overflowing the row would widen a phone's layout viewport.
 */
function StaticSlides({
  slides,
  slidesPerView,
  spaceBetween,
  breakpoints,
  className,
  style,
}: Pick<SwiperSliderProps, 'slides' | 'slidesPerView' | 'spaceBetween' | 'className' | 'style'> & {
  breakpoints?: Breakpoints;
}) {
  const base = perView(slidesPerView) ?? 1;
  const at = (width: 640 | 768 | 1024) => perView(breakpoints?.[width]?.slidesPerView);
  // Slides per view at each breakpoint, each inheriting the one below when not given.
  const sm = at(640) ?? base;
  const md = at(768) ?? sm;
  const lg = at(1024) ?? md;
  const displayClass = (index: number) =>
    (
      [
        ['base', base],
        [640, sm],
        [768, md],
        [1024, lg],
      ] as const
    )
      .map(
        ([breakpoint, count]) => BREAKPOINT_DISPLAY[breakpoint][index < Math.ceil(count) ? 'show' : 'hide'],
      )
      .join(' ');
  const layout = {
    '--slider-gap': `${Number(spaceBetween ?? 0)}px`,
    '--slider-per-view': base,
    '--slider-per-view-640': sm,
    '--slider-per-view-768': md,
    '--slider-per-view-1024': lg,
    ...style,
  } as CSSProperties;
  return (
    <div className={`slider-static ${className ?? ''}`} style={layout}>
      {slides.slice(0, Math.ceil(Math.max(base, sm, md, lg))).map((slide, index) => (
        <div key={slide.key} className={`${slide.className ?? ''} ${displayClass(index)}`}>
          {slide.content}
        </div>
      ))}
    </div>
  );
}

/**
 * A Swiper slider that is built only once the shopper engages with the page (first tap, wheel turn, pointer move
 * or key press, or a few seconds after load): Swiper measures the page as it starts, which is costly while the page is
 * still arriving, and its code (about 30 KB gzipped) loads then too. Until then the first view shows as plain
 * markup of the same size (or `fallback`, when given); prerendered pages carry that markup.
 */
export function Slider({ fallback, ...props }: SwiperSliderProps & { fallback?: ReactNode }) {
  const hydrated = useHydrated();
  const engaged = useEngaged();
  const standIn = fallback ?? (
    <StaticSlides
      slides={props.slides}
      slidesPerView={props.slidesPerView}
      spaceBetween={props.spaceBetween}
      breakpoints={props.breakpoints as Breakpoints | undefined}
      className={props.className}
      style={props.style}
    />
  );
  if (!hydrated || !engaged) return <>{standIn}</>;
  return (
    <Suspense fallback={standIn}>
      <SwiperSlider {...props} />
    </Suspense>
  );
}
