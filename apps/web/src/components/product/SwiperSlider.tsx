import type { Key, ReactNode } from 'react';
import { Swiper, SwiperSlide, type SwiperProps } from 'swiper/react';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';

export interface SlideItem {
  key: Key;
  content: ReactNode;
  className?: string;
}

export interface SwiperSliderProps extends Omit<SwiperProps, 'modules' | 'children'> {
  slides: readonly SlideItem[];
}

/** Every slider registers the same modules; autoplay, arrows and bullets stay off unless their option is given. */
const MODULES = [A11y, Autoplay, Navigation, Pagination];

/** Swiper itself, loaded on demand through `Slider`. */
export default function SwiperSlider({ slides, ...options }: SwiperSliderProps) {
  return (
    <Swiper modules={MODULES} {...options}>
      {slides.map((slide) => (
        <SwiperSlide key={slide.key} className={slide.className}>
          {slide.content}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
