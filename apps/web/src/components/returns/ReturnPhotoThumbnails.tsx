import type { ReturnPhotoDto } from '@bazaar/shared';

/**
 * The photos a shopper sent with a return, as small thumbnails, each a link that opens the photo larger in a new
 * tab: a plain link, so keyboards and screen readers know it, and whoever decides (the seller, the operator paying
 * the refund) may keep it open beside the return. Shared by Order Details, the seller's returns and the admin's
 * refunds; the URLs are already those of the viewer's own authorised route.
 */
export function ReturnPhotoThumbnails({
  photos,
  returnId,
  mine = false,
}: {
  photos: readonly ReturnPhotoDto[];
  returnId: number;
  /** The shopper looks at its own photos (Order Details); otherwise the seller or staff look at the shopper's. */
  mine?: boolean;
}) {
  const label = mine
    ? 'Your photos sent with this return'
    : `Photos from the shopper for return #${returnId}`;
  const caption = mine ? 'Your photos' : 'The shopper’s photos';
  if (photos.length === 0) return null;
  return (
    <div className="mt-2">
      <p className="text-xs text-ink-500" aria-hidden="true">
        {caption} · open one to see it larger
      </p>
      <ul aria-label={label} className="mt-1 flex flex-wrap gap-2">
        {photos.map((photo, index) => (
          <li key={photo._id}>
            <a
              href={photo.url}
              target="_blank"
              rel="noopener"
              className="block rounded focus-visible:ring-2 focus-visible:ring-brand-600"
              aria-label={`Photo ${index + 1} of ${photos.length}, opens larger in a new tab`}
            >
              <img
                src={photo.thumbnailUrl}
                alt={`Sent with the return, ${index + 1} of ${photos.length}`}
                width={80}
                height={80}
                loading="lazy"
                className="size-16 rounded border border-line object-cover sm:size-20"
              />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
