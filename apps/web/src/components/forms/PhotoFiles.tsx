import { useId, type ReactNode, type Ref } from 'react';
import { PHOTO_ACCEPT } from '@bazaar/shared/photos';

/**
 * A button-looking label around a visually hidden file input for photos: the input itself takes the keyboard focus
 * (the label shows its ring) and opens the system's chooser with Enter or Space; `children` name it.
 */
export function PhotoFileButton({
  children,
  onFiles,
  inputRef,
  disabled = false,
  className = '',
}: {
  children: ReactNode;
  onFiles: (files: File[]) => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  className?: string;
}) {
  const inputId = useId();
  return (
    <label
      htmlFor={inputId}
      className={`btn-outline cursor-pointer focus-within:ring-2 focus-within:ring-brand-600 ${className}`}
    >
      {children}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => onFiles([...(event.target.files ?? [])])}
      />
    </label>
  );
}

/** How far the upload of the file `name` has gone, from 0 to 1. */
export function UploadProgress({ name, progress }: { name: string; progress: number }) {
  return (
    <progress
      className="h-1.5 w-full accent-brand-600"
      max={1}
      value={progress}
      aria-label={`Uploading ${name}`}
    />
  );
}
