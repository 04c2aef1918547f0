import { useId, useRef, useState, type DragEvent } from 'react';
import { createPortal } from 'react-dom';
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2, type LucideIcon } from 'lucide-react';
import type { ProductPhoto } from '@bazaar/shared';
import { MAX_PHOTO_BYTES, MAX_PRODUCT_PHOTOS } from '@bazaar/shared/photos';
import { useAppDispatch } from '../../../app/hooks';
import { failureMessage } from '../../../api/bazaarApi';
import {
  photosApi,
  productPhotoTags,
  uploadProductPhoto,
  useDeleteProductPhotoMutation,
  useGetProductPhotosQuery,
  useReorderProductPhotosMutation,
} from '../../../api/sellerPhotosApi';
import { ProductImage } from '../../../components/product/ProductImage';
import { ConfirmDialog } from '../../../components/forms/ConfirmDialog';
import { PhotoFileButton, UploadProgress } from '../../../components/forms/PhotoFiles';
import { Skeleton } from '../../../components/ui/Skeleton';

/** One file the seller chose: its progress while it uploads, or why the shop refused it. */
interface Upload {
  key: number;
  name: string;
  progress: number;
  error?: string;
}

const MEGABYTES = MAX_PHOTO_BYTES / 1024 / 1024;

/** An icon button on a thumbnail, named for screen readers and shown as a tooltip. */
function PhotoAction({
  icon: Icon,
  label,
  onClick,
  disabled = false,
  danger = false,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={`rounded p-1.5 disabled:opacity-30 ${danger ? 'text-red-700 hover:bg-red-50' : 'text-ink-700 hover:bg-canvas'}`}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

/** `ids` with the id at `from` moved to `to`. */
function moved(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/**
 * A saved product's photos in the seller center: add several at once (file picker or drag and drop), each with its
 * progress and the server's reason if it is refused; reorder by dragging or with the move buttons (keyboard); the
 * first photo is the cover shoppers see first ("Set as cover" moves one there); delete after confirming.
 */
export function PhotoManager({ productId }: { productId: number }) {
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const dispatch = useAppDispatch();
  const photosQuery = useGetProductPhotosQuery(productId);
  const photos = photosQuery.data?.images ?? [];
  const [reorder] = useReorderProductPhotosMutation();
  const [remove, removing] = useDeleteProductPhotoMutation();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<number>();
  const [deleting, setDeleting] = useState<ProductPhoto>();
  const [announcement, setAnnouncement] = useState('');
  const nextKey = useRef(0);

  const changeUpload = (key: number, change: Partial<Upload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );

  /** Uploads one after another (the shop converts one photo at a time anyway), then refreshes the list once. */
  async function addFiles(files: File[]) {
    if (!files.length) return;
    let room = MAX_PRODUCT_PHOTOS - photos.length - uploads.filter((upload) => !upload.error).length;
    const queued = files.map((file) => {
      const key = (nextKey.current += 1);
      let error: string | undefined;
      if (file.size > MAX_PHOTO_BYTES)
        error = `Larger than ${MEGABYTES} MB (${(file.size / 1024 / 1024).toFixed(1)} MB). Make it smaller.`;
      else if (room <= 0) error = `A product may have at most ${MAX_PRODUCT_PHOTOS} photos.`;
      else room -= 1;
      return { key, file, upload: { key, name: file.name, progress: 0, error } };
    });
    setUploads((current) => [...current, ...queued.map(({ upload }) => upload)]);
    let added = 0;
    for (const { key, file, upload } of queued) {
      if (upload.error) continue;
      try {
        await uploadProductPhoto(productId, file, (progress) => changeUpload(key, { progress }));
        added += 1;
        setUploads((current) => current.filter((item) => item.key !== key));
      } catch (failure) {
        changeUpload(key, { error: failureMessage(failure, 'The upload failed. Try again.') });
      }
      // Each photo appears as soon as it is stored.
      dispatch(photosApi.util.invalidateTags(productPhotoTags(productId)));
    }
    if (added) setAnnouncement(`${added} ${added === 1 ? 'photo' : 'photos'} added`);
    if (input.current) input.current.value = '';
  }

  async function move(from: number, to: number) {
    if (to < 0 || to >= photos.length || from === to) return;
    const order = moved(
      photos.map((photo) => photo._id),
      from,
      to,
    );
    try {
      await reorder({ productId, order }).unwrap();
      setAnnouncement(
        to === 0 ? 'Photo is now the cover' : `Photo moved to position ${to + 1} of ${photos.length}`,
      );
    } catch (failure) {
      setAnnouncement(failureMessage(failure, 'The photos could not be reordered. Try again.'));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove({ productId, photoId: deleting._id }).unwrap();
      setAnnouncement('Photo deleted');
    } catch (failure) {
      setAnnouncement(failureMessage(failure, 'The photo could not be deleted. Try again.'));
    }
    setDeleting(undefined);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    // A thumbnail dropped on the drop zone is a reorder gone astray, not files.
    if (dragged === undefined) void addFiles([...event.dataTransfer.files]);
  };

  return (
    <section aria-labelledby={headingId} className="card space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-bold text-ink-900">
          Photos
        </h2>
        <p className="text-xs text-ink-500">
          {photos.length} of {MAX_PRODUCT_PHOTOS} · JPEG, PNG, WebP or AVIF up to {MEGABYTES} MB · the first
          is the cover
        </p>
      </div>

      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (dragged === undefined) setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-card border-2 border-dashed p-4 text-center text-sm text-ink-700 ${
          dropping ? 'border-brand-600 bg-brand-50' : 'border-line'
        }`}
        data-testid="photo-drop-zone"
      >
        <ImagePlus aria-hidden="true" className="size-6 text-ink-500" />
        <p>Drop photos here, or</p>
        <PhotoFileButton
          inputRef={input}
          disabled={photos.length >= MAX_PRODUCT_PHOTOS}
          onFiles={(files) => void addFiles(files)}
        >
          Choose photos
        </PhotoFileButton>
      </div>

      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="space-y-2">
          {uploads.map((upload) => (
            <li key={upload.key} className="text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="truncate text-ink-900">{upload.name}</span>
                {upload.error && (
                  <button
                    type="button"
                    className="text-xs font-semibold text-ink-700 underline"
                    onClick={() => setUploads((current) => current.filter((item) => item.key !== upload.key))}
                  >
                    Dismiss<span className="sr-only"> {upload.name}</span>
                  </button>
                )}
              </div>
              {upload.error ? (
                <p role="alert" className="text-xs text-red-700">
                  {upload.error}
                </p>
              ) : (
                <UploadProgress name={upload.name} progress={upload.progress} />
              )}
            </li>
          ))}
        </ul>
      )}

      {photosQuery.isLoading ? (
        <div role="status" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <span className="sr-only">Loading photos</span>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="aspect-[3/4] w-full" />
          ))}
        </div>
      ) : photosQuery.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {failureMessage(photosQuery.error, 'The photos could not be loaded.')}{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void photosQuery.refetch()}
          >
            Try again
          </button>
        </p>
      ) : photos.length === 0 ? (
        <p className="text-sm text-ink-500">No photos yet. Shoppers see a placeholder until you add one.</p>
      ) : (
        <ol aria-label="Photos in order" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5">
          {photos.map((photo, index) => {
            const label = index === 0 ? 'Cover photo' : `Photo ${index + 1}`;
            return (
              <li
                key={photo._id}
                draggable
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragEnd={() => setDragged(undefined)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  if (dragged !== undefined) void move(dragged, index);
                  setDragged(undefined);
                }}
                aria-label={label}
                className={`relative overflow-hidden rounded-card border bg-canvas ${
                  dragged === index ? 'border-brand-600 opacity-60' : 'border-line'
                }`}
              >
                <ProductImage
                  src={photo.url}
                  width={160}
                  height={213}
                  sizes="(min-width: 1024px) 10rem, (min-width: 640px) 25vw, 50vw"
                  alt={label}
                  className="aspect-[3/4] w-full cursor-grab object-cover"
                />
                {index === 0 && (
                  <span className="absolute left-1.5 top-1.5 rounded-pill bg-ink-900 px-2 py-0.5 text-[11px] font-semibold text-white">
                    Cover
                  </span>
                )}
                <div className="flex items-center justify-between gap-1 bg-white p-1">
                  <PhotoAction
                    icon={ArrowLeft}
                    label={`Move ${label.toLowerCase()} earlier`}
                    disabled={index === 0}
                    onClick={() => void move(index, index - 1)}
                  />
                  <PhotoAction
                    icon={Star}
                    label={`Set ${label.toLowerCase()} as cover`}
                    disabled={index === 0}
                    onClick={() => void move(index, 0)}
                  />
                  <PhotoAction
                    icon={ArrowRight}
                    label={`Move ${label.toLowerCase()} later`}
                    disabled={index === photos.length - 1}
                    onClick={() => void move(index, index + 1)}
                  />
                  <PhotoAction
                    icon={Trash2}
                    label={`Delete ${label.toLowerCase()}`}
                    danger
                    onClick={() => setDeleting(photo)}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {deleting &&
        // Outside the product editor's form: a dialog's own form must not submit the editor.
        createPortal(
          <ConfirmDialog
            title="Delete this photo?"
            confirmLabel="Delete photo"
            busy={removing.isLoading}
            onCancel={() => setDeleting(undefined)}
            onConfirm={() => void confirmDelete()}
          >
            Shoppers stop seeing it at once. Orders already placed keep showing it.
          </ConfirmDialog>,
          document.body,
        )}
    </section>
  );
}
