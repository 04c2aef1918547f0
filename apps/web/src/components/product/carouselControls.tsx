import { useCallback, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

/** Previous/next buttons for a Swiper, with the ends disabled unless the slider loops. */
export function useCarouselControls() {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const sync = useCallback((instance: SwiperInstance) => {
    setEdges({ atStart: instance.isBeginning, atEnd: instance.isEnd });
  }, []);

  const swiperEvents = {
    onSwiper: (instance: SwiperInstance) => {
      setSwiper(instance);
      sync(instance);
    },
    onSlideChange: sync,
    onResize: sync,
    onReachEnd: sync,
    onReachBeginning: sync,
  };

  return {
    swiperEvents,
    previous: () => swiper?.slidePrev(),
    next: () => swiper?.slideNext(),
    // Until the slider is built (it waits to come near the screen) neither arrow has anything to move.
    atStart: swiper ? !swiper.params.loop && edges.atStart : true,
    atEnd: swiper ? !swiper.params.loop && edges.atEnd : true,
  };
}

export type CarouselControls = ReturnType<typeof useCarouselControls>;

/** The previous/next pair for a slider driven by `useCarouselControls`; `label` names what slides ("Mens products"). */
export function CarouselArrows({
  label,
  controls: { previous, next, atStart, atEnd },
  size = 'md',
}: {
  label: string;
  controls: Pick<CarouselControls, 'previous' | 'next' | 'atStart' | 'atEnd'>;
  size?: 'sm' | 'md';
}) {
  const box = size === 'sm' ? 'h-8 w-8' : 'h-10 w-10';
  const buttonClass = `${box} inline-flex items-center justify-center rounded-pill border border-line bg-white text-ink-900 shadow-card transition hover:border-ink-900 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line`;
  return (
    <div className="flex shrink-0 items-center gap-2">
      <button
        type="button"
        className={buttonClass}
        onClick={previous}
        disabled={atStart}
        aria-label={`Previous ${label}`}
      >
        <ChevronLeft size={18} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={buttonClass}
        onClick={next}
        disabled={atEnd}
        aria-label={`Next ${label}`}
      >
        <ChevronRight size={18} aria-hidden="true" />
      </button>
    </div>
  );
}

export function SectionHeading({
  title,
  eyebrow,
  actions,
}: {
  title: string;
  eyebrow?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4 lg:mb-6">
      <div className="min-w-0">
        {eyebrow && (
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-600">{eyebrow}</p>
        )}
        <h2 className="mt-1 text-lg font-bold leading-tight text-ink-900 sm:text-xl lg:text-2xl">{title}</h2>
      </div>
      {actions}
    </div>
  );
}
