import { useState } from 'react';
import { ProductImage } from '../../components/product/ProductImage';
import { Slider } from '../../components/product/Slider';
import { FALLBACK_PRODUCT_IMAGE } from '../../components/product/productRules';

const THUMBNAIL_BREAKPOINTS = { 640: { slidesPerView: 5 } };

/** Main photo plus a thumbnail strip; clicking a thumbnail shows it large. The parent remounts it per product. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const photos = images.length > 0 ? images : [FALLBACK_PRODUCT_IMAGE];
  const [selected, setSelected] = useState(0);

  const thumbnail = (photo: string, index: number) => (
    <button
      type="button"
      onClick={() => setSelected(index)}
      aria-label={`Show photo ${index + 1}`}
      aria-pressed={index === selected}
      className={`block w-full overflow-hidden rounded-lg border-2 bg-canvas transition ${
        index === selected ? 'border-brand-600' : 'border-transparent hover:border-line'
      }`}
    >
      <ProductImage src={photo} width={120} height={160} className="aspect-[3/4] w-full object-cover" />
    </button>
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-card bg-canvas">
        <ProductImage
          // Remounted per photo, so a broken one's fallback does not stick to the next.
          key={photos[selected]}
          src={photos[selected]}
          alt={`${name}, view ${selected + 1} of ${photos.length}`}
          width={600}
          height={800}
          highPriority
          sizes="(min-width: 1024px) 40vw, 100vw"
          className="aspect-[3/4] w-full object-cover"
          testId="gallery-main"
        />
      </div>
      {photos.length > 1 && (
        <Slider
          slidesPerView={4.3}
          spaceBetween={8}
          breakpoints={THUMBNAIL_BREAKPOINTS}
          aria-label="Product photos"
          // Swiper centres itself with auto margins, which would stop this flex column from stretching it.
          className="w-full"
          slides={photos.map((photo, index) => ({
            key: `${photo}-${index}`,
            content: thumbnail(photo, index),
          }))}
        />
      )}
    </div>
  );
}
