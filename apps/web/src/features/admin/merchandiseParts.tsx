import { useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, Eye, EyeOff, ImageUp, Pencil, Trash2 } from 'lucide-react';
import { PHOTO_ACCEPT } from '@bazaar/shared/photos';
import { useActionOutcome, type Outcome } from '../../components/forms/ActionOutcome';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { ListSkeleton, LoadFailed } from './consoleParts';

/**
 * Pieces the categories and banners pages share (issue 17): the notice of the last change, and the row actions
 * (move up and down, hide or show, upload a picture, delete after confirmation).
 */

/**
 * Runs one change at a time and keeps its outcome for the notice: the server's message, or why it was refused
 * (a category with products cannot be deleted: the 409's words say so). `run` answers whether it was saved.
 */
export function useChange() {
  const { outcome, report } = useActionOutcome();
  const run = (change: () => Promise<{ message?: string }>) =>
    report(async () => (await change()).message ?? 'Saved', 'The change could not be saved. Try again.');
  return { notice: outcome, run };
}

/** The last change's outcome, in a line that is there (empty) before any, so the list below does not jump. */
function Notice({ notice }: { notice: Outcome }) {
  return (
    <p
      role="status"
      className={`min-h-5 text-sm font-medium ${notice?.ok === false ? 'text-danger' : 'text-success'}`}
    >
      {notice?.text}
    </p>
  );
}

const iconButton =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg border border-line bg-white px-2 text-sm text-ink-700 hover:bg-canvas disabled:opacity-40';

/** Moves a row one place up or down among its siblings (the keyboard's way to reorder). */
function OrderButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (position: number) => void;
}) {
  return (
    <>
      <button
        type="button"
        className={iconButton}
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </button>
    </>
  );
}

function VisibilityButton({
  name,
  hidden,
  onToggle,
}: {
  name: string;
  hidden: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={iconButton}
      aria-label={`${hidden ? 'Show' : 'Hide'} ${name}`}
      onClick={onToggle}
    >
      {hidden ? (
        <Eye className="h-4 w-4" aria-hidden="true" />
      ) : (
        <EyeOff className="h-4 w-4" aria-hidden="true" />
      )}
      <span>{hidden ? 'Show' : 'Hide'}</span>
    </button>
  );
}

/** A file chooser dressed as a button; choosing a picture uploads it. */
function PictureButton({ name, onFile }: { name: string; onFile: (file: File) => void }) {
  return (
    <label className={`${iconButton} cursor-pointer focus-within:ring-2 focus-within:ring-brand-600`}>
      <ImageUp className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">Upload a picture for {name}</span>
      <input
        type="file"
        accept={PHOTO_ACCEPT}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}

/** Deletes after a confirmation that says what cannot be undone. */
function DeleteButton({
  name,
  children,
  blocked = false,
  onConfirm,
}: {
  name: string;
  children: ReactNode;
  /** The dialog only explains why it cannot be deleted (`children`). */
  blocked?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${iconButton} text-danger`}
        aria-label={`Delete ${name}`}
        onClick={() => setAsking(true)}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </button>
      {asking && (
        <ConfirmDialog
          title={`Delete ${name}?`}
          confirmLabel="Delete"
          busy={busy}
          confirmDisabled={blocked}
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            setBusy(true);
            await onConfirm();
            setBusy(false);
            setAsking(false);
          }}
        >
          {children}
        </ConfirmDialog>
      )}
    </>
  );
}

/** An endpoint behind a row's action; the categories' and the banners' take the same arguments. */
type RowCall<Arg> = (arg: Arg) => { unwrap: () => Promise<{ message?: string }> };

/** The endpoints a row's actions call, each with the row's id. */
export interface RowCalls {
  position: RowCall<{ id: number; position: number }>;
  hide: RowCall<{ id: number; hidden: boolean }>;
  image: RowCall<{ id: number; file: File }>;
  remove: RowCall<{ id: number }>;
}

/**
 * Every action on a category's or a banner's row, in one order on both pages: move up and down, edit (hidden while
 * the row's form is open), what only that page has (`children`), hide or show, upload a picture, delete. Each
 * change goes through `run`, so the page's notice tells how it went.
 */
export function RowActions({
  row: { id, name, hidden },
  index,
  count,
  calls,
  run,
  editLabel,
  onEdit,
  deletion,
  children,
}: {
  row: { id: number; name: string; hidden: boolean };
  index: number;
  count: number;
  calls: RowCalls;
  run: ReturnType<typeof useChange>['run'];
  /** The edit button's word ("Edit", "Rename"); `onEdit` undefined hides it. */
  editLabel: string;
  onEdit?: () => void;
  /** What deleting does or, when `blocked`, why it cannot be done. */
  deletion: { note: ReactNode; blocked?: boolean };
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <OrderButtons
        name={name}
        index={index}
        count={count}
        onMove={(position) => run(() => calls.position({ id, position }).unwrap())}
      />
      {onEdit && (
        <button type="button" className={iconButton} aria-label={`${editLabel} ${name}`} onClick={onEdit}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          {/* The icon alone on a phone, where the row's buttons would otherwise wrap. */}
          <span className="hidden sm:inline">{editLabel}</span>
        </button>
      )}
      {children}
      <VisibilityButton
        name={name}
        hidden={hidden}
        onToggle={() => run(() => calls.hide({ id, hidden: !hidden }).unwrap())}
      />
      <PictureButton name={name} onFile={(file) => run(() => calls.image({ id, file }).unwrap())} />
      <DeleteButton
        name={name}
        blocked={deletion.blocked}
        onConfirm={() => run(() => calls.remove({ id }).unwrap())}
      >
        {deletion.note}
      </DeleteButton>
    </div>
  );
}

/** A picture's thumbnail, or a placeholder while there is none. */
export function Thumbnail({ src, className }: { src: string; className: string }) {
  return src ? (
    <img
      src={src}
      alt=""
      className={`${className} rounded-md border border-line object-cover`}
      loading="lazy"
    />
  ) : (
    <span
      className={`${className} grid place-items-center rounded-md border border-dashed border-line text-[10px] text-ink-500`}
    >
      No image
    </span>
  );
}

/**
 * A categories or banners page: its title and what it does, the form that adds one, the notice of the last
 * change, and the list once it has loaded (a skeleton meanwhile, a retry if it failed).
 */
export function MerchandisePage({
  title,
  intro,
  creator,
  notice,
  list,
  children,
}: {
  title: string;
  intro: ReactNode;
  creator: ReactNode;
  notice: Outcome;
  list: { isLoading: boolean; isError: boolean; refetch: () => unknown; rows: number };
  children: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-bold text-ink-900">{title}</h1>
        <p className="text-sm text-ink-500">{intro}</p>
      </header>
      {creator}
      <Notice notice={notice} />
      {list.isLoading ? (
        <ListSkeleton label={`Loading ${title.toLowerCase()}`} rows={list.rows} />
      ) : list.isError ? (
        <LoadFailed what={`The ${title.toLowerCase()}`} onRetry={list.refetch} />
      ) : (
        children
      )}
    </div>
  );
}
