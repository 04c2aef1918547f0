import { ArrowLeft } from 'lucide-react';
import { SearchBox } from './SearchBox';
import { useScrollLock } from './useScrollLock';

/** Full-screen search for layouts below 1024 px; the page behind does not scroll while it is open. */
export function MobileSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  useScrollLock(open);
  if (!open) return null;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Search products"
      className="fixed inset-0 z-50 flex flex-col bg-white px-4 pt-3 pb-4 lg:hidden"
    >
      <div className="flex min-h-0 flex-1 items-start gap-2">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close search"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-canvas"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </button>
        <SearchBox variant="overlay" focusOnOpen onDone={onClose} onEscape={onClose} />
      </div>
    </div>
  );
}
