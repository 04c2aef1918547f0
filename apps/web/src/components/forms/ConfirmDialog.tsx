import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

/**
 * Asks before something that cannot be undone: a modal dialog (focus moves in and back, Escape or Cancel keeps
 * things as they were). The confirm button says what will happen ("Delete address"), never just "OK". The body is
 * a form, so it may hold fields the decision needs (a reason), with `confirmDisabled` until they are filled in.
 * The confirm button is red for a loss (delete, cancel); `tone="primary"` for a final step that is no loss (ship).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  confirmDisabled = false,
  tone = 'danger',
  onCancel,
  onConfirm,
}: {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  busy?: boolean;
  confirmDisabled?: boolean;
  tone?: 'danger' | 'primary';
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-card p-0 text-left shadow-card backdrop:bg-ink-900/50"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        className="space-y-3 p-5"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          // React bubbles the submit to any form around the dialog (an editor's), which must not submit too.
          event.stopPropagation();
          if (!confirmDisabled) onConfirm();
        }}
      >
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold text-ink-900">
          {title}
        </h2>
        <div id={descriptionId} className="text-sm text-ink-700">
          {children}
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            className={
              tone === 'danger'
                ? 'inline-flex items-center justify-center gap-1 rounded-lg bg-danger px-4 py-2 text-sm font-semibold text-white hover:opacity-90 disabled:opacity-50'
                : 'btn-primary py-2'
            }
            disabled={busy || confirmDisabled}
          >
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
