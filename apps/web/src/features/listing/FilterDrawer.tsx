import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useScrollLock } from '../../components/layout/useScrollLock';

/** Mobile bottom sheet for the filters: modal, closes on Escape or a tap on the backdrop, locks page scroll. */
export function FilterDrawer({
  open,
  onClose,
  footer,
  children,
}: {
  open: boolean;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useScrollLock(open);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <div className="absolute inset-0 bg-ink-900/50 backdrop-blur-sm" onClick={onClose} aria-hidden="true" />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="filter-drawer-title"
        className="absolute inset-x-0 bottom-0 flex max-h-[88vh] flex-col rounded-t-2xl bg-white shadow-raised"
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <h2 id="filter-drawer-title" className="text-base font-bold">
            Filters
          </h2>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            className="inline-flex h-9 w-9 items-center justify-center rounded-pill hover:bg-canvas"
            aria-label="Close filters"
          >
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">{children}</div>
        <div className="border-t border-line p-3">{footer}</div>
      </div>
    </div>
  );
}
