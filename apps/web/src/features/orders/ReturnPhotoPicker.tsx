import { useEffect, useId, useRef, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS, type ReturnPhotoDto } from '@bazaar/shared';
import { PHOTO_ACCEPT } from '@bazaar/shared/photos';
import { PhotoFileButton, UploadProgress } from '../../components/forms/PhotoFiles';
import { failureMessage } from '../../api/bazaarApi';
import { uploadReturnPhoto, useDeleteReturnPhotoMutation } from '../../api/returnsApi';

const MEGABYTES = MAX_RETURN_PHOTO_BYTES / 1024 / 1024;
const ACCEPTED_TYPES = PHOTO_ACCEPT.split(',');

/** A file being uploaded: its progress. */
interface Upload {
  key: number;
  name: string;
  progress: number;
}

/** Why a chosen file is not sent at all; the server checks the content again (and says why it refuses one). */
function refusal(file: File): string | undefined {
  if (file.size > MAX_RETURN_PHOTO_BYTES)
    return `${file.name} is larger than ${MEGABYTES} MB (${(file.size / 1024 / 1024).toFixed(1)} MB). Choose a smaller photo.`;
  // An empty type (some systems give none) is left to the server, which reads the content.
  if (file.type && !ACCEPTED_TYPES.includes(file.type))
    return `${file.name} is not a JPEG, PNG, WebP or AVIF photo. Choose one of those (an iPhone's HEIC photo can be shared as JPEG).`;
  return undefined;
}

/**
 * The optional photos of a return request (issue 19): up to MAX_RETURN_PHOTOS, each uploaded as soon as it is
 * chosen (so a refused one says why at once) and shown as a preview the shopper may remove before sending.
 * `photos` are the uploaded ones, whose ids the request sends; `onUploadingChange` tells the form to wait.
 */
export function ReturnPhotoPicker({
  photos,
  onPhotosChange,
  onUploadingChange,
}: {
  photos: ReturnPhotoDto[];
  onPhotosChange: (change: (photos: ReturnPhotoDto[]) => ReturnPhotoDto[]) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [removePhoto] = useDeleteReturnPhotoMutation();
  const refocusInput = useRef(false);
  const room = MAX_RETURN_PHOTOS - photos.length - uploads.length;

  // After a removal the file input takes the focus, once rendered (it is back only now when the photos were full).
  useEffect(() => {
    if (!refocusInput.current) return;
    refocusInput.current = false;
    input.current?.focus();
  });

  async function addFiles(files: File[]) {
    if (!files.length) return;
    const refused: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const reason = refusal(file);
      if (reason) refused.push(reason);
      else if (accepted.length >= room)
        refused.push(`${file.name} was not added: a return may have at most ${MAX_RETURN_PHOTOS} photos.`);
      else accepted.push(file);
    }
    setErrors(refused);
    if (input.current) input.current.value = '';
    if (!accepted.length) return;
    onUploadingChange(true);
    // One after another: the shop converts one photo at a time anyway.
    for (const file of accepted) {
      const key = (nextKey.current += 1);
      setUploads((current) => [...current, { key, name: file.name, progress: 0 }]);
      try {
        const { photo } = await uploadReturnPhoto(file, (progress) =>
          setUploads((current) =>
            current.map((upload) => (upload.key === key ? { ...upload, progress } : upload)),
          ),
        );
        onPhotosChange((current) => [...current, photo]);
      } catch (failure) {
        const reason = failureMessage(failure, 'The upload failed. Try again.');
        setErrors((current) => [...current, `${file.name}: ${reason}`]);
      }
      setUploads((current) => current.filter((upload) => upload.key !== key));
    }
    onUploadingChange(false);
  }

  function remove(photo: ReturnPhotoDto) {
    onPhotosChange((current) => current.filter((kept) => kept._id !== photo._id));
    // Gone from the request at once; a photo the shop could not delete now is removed with the unsent ones later.
    void removePhoto(photo._id);
    refocusInput.current = true;
  }

  return (
    <fieldset className="mt-3" aria-describedby={hintId}>
      <legend className="font-medium">
        Photos <span className="font-normal text-ink-500">(optional)</span>
      </legend>
      <p id={hintId} className="text-xs text-ink-500">
        Show the shop what is wrong: up to {MAX_RETURN_PHOTOS} photos, JPEG, PNG, WebP or AVIF, at most{' '}
        {MEGABYTES} MB each.
      </p>
      {(photos.length > 0 || uploads.length > 0) && (
        <ul aria-label="Photos to send" className="mt-2 flex flex-wrap gap-2">
          {photos.map((photo, index) => (
            <li key={photo._id} className="relative">
              <img
                src={photo.thumbnailUrl}
                alt={`Preview ${index + 1}`}
                width={64}
                height={64}
                className="size-16 rounded border border-line object-cover"
              />
              <button
                type="button"
                className="absolute -right-2 -top-2 rounded-full bg-white p-1 text-ink-700 shadow-card hover:text-danger"
                aria-label={`Remove photo ${index + 1}`}
                title="Remove"
                onClick={() => remove(photo)}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
          {uploads.map((upload) => (
            <li
              key={upload.key}
              className="flex size-16 flex-col items-center justify-center gap-1 rounded border border-dashed border-line p-1 text-center text-[10px] text-ink-500"
            >
              <span className="w-full truncate">{upload.name}</span>
              <UploadProgress name={upload.name} progress={upload.progress} />
            </li>
          ))}
        </ul>
      )}
      {room > 0 && (
        <PhotoFileButton
          inputRef={input}
          className="mt-2 px-3 py-1.5 text-xs"
          onFiles={(files) => void addFiles(files)}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          {photos.length ? 'Add another photo' : 'Add photos'}
        </PhotoFileButton>
      )}
      {errors.length > 0 && (
        <ul aria-label="Photos not added" className="mt-2 space-y-1 text-xs text-danger">
          {errors.map((error) => (
            <li key={error} role="alert">
              {error}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
