import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useScrollLock } from '../../components/layout/useScrollLock';

/**
 * A phone sheet (hidden from lg up): modal, closes on Escape, the close button or a tap on the backdrop, locks the
 * page's scroll. `full` covers the screen (the filters), `bottom` rises from the bottom edge (the sort menu).
 */
export function Sheet({
  open,
  onClose,
  title,
  footer,
  variant = 'full',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  footer?: ReactNode;
  variant?: 'full' | 'bottom';
  children: ReactNode;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
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
        aria-labelledby={titleId}
        className={`absolute flex flex-col bg-white shadow-raised ${
          variant === 'full' ? 'inset-0' : 'inset-x-0 bottom-0 max-h-[88vh] rounded-t-2xl'
        }`}
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <h2 id={titleId} className="text-base font-bold">
            {title}
          </h2>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            className="inline-flex h-9 w-9 items-center justify-center rounded-pill hover:bg-canvas"
            aria-label={`Close ${title.toLowerCase()}`}
          >
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">{children}</div>
        {footer && <div className="border-t border-line p-3">{footer}</div>}
      </div>
    </div>
  );
}
