import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Archive, ArrowLeft, Save, Trash2 } from 'lucide-react';
import {
  formatRupees,
  MAX_DISCOUNT,
  MAX_PRICE,
  MIN_PRICE,
  PRODUCT_STATUSES,
  sellingPriceOf,
  type FieldError as FieldProblem,
  type SellerProductDto,
  type SellerProductInput,
} from '@bazaar/shared';
import { isSizeSystem, type SizeSystem } from '@bazaar/shared/sizes';
import { failureMessage, type ApiFailure } from '../../api/bazaarApi';
import { useGetSubcategoryGroupsQuery } from '../../api/catalogApi';
import {
  useCreateSellerProductMutation,
  useDeleteSellerProductMutation,
  useGetSellerProductQuery,
  useUpdateSellerProductMutation,
} from '../../api/sellerProductsApi';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { PhotoManager } from './products/PhotoManager';
import { Skeleton } from '../../components/ui/Skeleton';
import { CategoryOptions } from './products/CategoryOptions';
import { FieldError } from './products/FieldError';
import { STATUS_LABELS } from './products/productStatus';
import { useUnsavedChangesGuard } from './products/useUnsavedChangesGuard';
import { VariantEditor } from './products/VariantEditor';
import { rowsOf, singleRow, toVariantsInput, type VariantRow } from './products/variantRows';

interface Form {
  name: string;
  brand: string;
  categoryId: string;
  description: string;
  price: string;
  discount: string;
  status: SellerProductInput['status'] & string;
  system: SizeSystem | null;
  rows: VariantRow[];
}

const EMPTY: Form = {
  name: '',
  brand: '',
  categoryId: '',
  description: '',
  price: '',
  discount: '0',
  status: 'draft',
  system: null,
  rows: [singleRow()],
};

const formOf = (product: SellerProductDto): Form => ({
  name: product.name,
  brand: product.brand,
  categoryId: String(product.categoryId),
  description: product.description,
  price: String(product.price),
  discount: String(product.discount),
  status: product.status,
  system: isSizeSystem(product.sizeSystem) ? product.sizeSystem : null,
  rows: rowsOf(product.variants),
});

/**
 * Text fields as the API's body. A number field left blank is left out ("MRP is required"); a mistyped one goes
 * as it is, for the server to name.
 */
function bodyOf(form: Form): SellerProductInput {
  const number = (text: string) => (text.trim() === '' ? (undefined as unknown as number) : Number(text));
  return {
    name: form.name,
    brand: form.brand,
    categoryId: number(form.categoryId),
    description: form.description,
    price: number(form.price),
    discount: form.discount.trim() === '' ? 0 : number(form.discount),
    status: form.status,
    variants: toVariantsInput(form.rows),
  };
}

const errorsOf = (fields: FieldProblem[] | undefined): Record<string, string> =>
  Object.fromEntries((fields ?? []).map((field) => [field.field, field.message]));

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card space-y-4 p-4 sm:p-5">
      <h2 id={id} className="text-base font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A labelled input with the server's message for it underneath (and announced with the field). */
function TextField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-700">
        {label}
      </label>
      {children({
        id,
        ...(error && { 'aria-invalid': true as const }),
        ...(described && { 'aria-describedby': described }),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** /seller/products/new and /seller/products/{id}: one product's details, price, sizes and stock, and status. */
export default function SellerProductEditorPage() {
  const params = useParams();
  const productId = params.id ? Number(params.id) : undefined;
  const loaded = useGetSellerProductQuery(productId ?? 0, {
    skip: productId === undefined,
    refetchOnMountOrArgChange: true,
  });
  if (productId !== undefined && loaded.isError)
    return (
      <div className="card p-6 text-center">
        <h1 className="text-lg font-bold text-ink-900">Product not found</h1>
        <p className="mt-2 text-sm text-ink-500">{failureMessage(loaded.error, 'It could not be loaded.')}</p>
        <Link to="/seller/products" className="btn-outline mt-4 inline-flex">
          Back to products
        </Link>
      </div>
    );
  if (productId !== undefined && !loaded.data)
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">Loading the product</span>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  // Keyed by product: the form starts from the saved product and is not overwritten while being edited.
  return <Editor key={productId ?? 'new'} product={loaded.data?.product} />;
}

function Editor({ product }: { product?: SellerProductDto }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<Form>(() => (product ? formOf(product) : EMPTY));
  const [form, setForm] = useState<Form>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingArchive, setConfirmingArchive] = useState(false);
  const groups = useGetSubcategoryGroupsQuery().data?.gkSubcategory ?? [];
  const [create, creating] = useCreateSellerProductMutation();
  const [update, updating] = useUpdateSellerProductMutation();
  const [remove, removing] = useDeleteSellerProductMutation();
  const busy = creating.isLoading || updating.isLoading;
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useUnsavedChangesGuard(dirty && !busy);

  useEffect(() => {
    // The first field the server refused gets the focus, so a keyboard or screen-reader user lands on it.
    document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  /** A one-line text input bound to a field of the form, for a TextField. */
  const textInput = (key: 'name' | 'brand', maxLength: number) =>
    function TextInput(props: object) {
      return (
        <input
          {...props}
          className="input"
          value={form[key]}
          maxLength={maxLength}
          onChange={(e) => set(key, e.target.value)}
        />
      );
    };
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const price = Number(form.price);
  const discount = Number(form.discount || 0);
  const pricesKnown = Number.isInteger(price) && price > 0 && Number.isInteger(discount);

  function submit(event: FormEvent) {
    // A dialog's form inside the editor (PhotoManager's, through a portal) bubbles its submit here in React's
    // tree: only the editor's own form saves.
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    // Archiving takes a product off sale: asked first, like a delete.
    if (form.status === 'archived' && saved.status !== 'archived') setConfirmingArchive(true);
    else void save();
  }

  async function save() {
    setConfirmingArchive(false);
    const body = bodyOf(form);
    try {
      const result = product ? await update({ id: product._id, body }).unwrap() : await create(body).unwrap();
      setErrors({});
      // The refusal of an earlier try no longer holds.
      toast.dismiss();
      const next = formOf(result.product);
      setSaved(next);
      setForm(next);
      toast.success(product ? 'Product saved' : 'Product created');
      if (!product) navigate(`/seller/products/${result.product._id}`, { replace: true });
    } catch (failure) {
      const fields = (failure as ApiFailure).fields as FieldProblem[] | undefined;
      setErrors(errorsOf(fields));
      toast.error(failureMessage(failure, 'The product could not be saved'));
    }
  }

  async function confirmDelete() {
    if (!product) return;
    try {
      const result = await remove(product._id).unwrap();
      toast.success(result.message);
      setSaved(form);
      if (result.outcome === 'deleted') navigate('/seller/products', { replace: true });
      else if (result.product) {
        const next = formOf(result.product);
        setSaved(next);
        setForm(next);
      }
    } catch (failure) {
      toast.error(failureMessage(failure, 'The product could not be deleted'));
    } finally {
      setConfirmingDelete(false);
    }
  }

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <Link
              to="/seller/products"
              className="inline-flex items-center gap-1 text-sm font-medium text-ink-500 hover:text-ink-900"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Products
            </Link>
            <h1 className="text-lg font-bold text-ink-900 lg:text-xl">
              {product ? product.name : 'Add product'}
            </h1>
            {product && (
              <p className="text-sm text-ink-500">
                {product.visible ? 'Shoppers can see it now.' : 'Not visible to shoppers.'}{' '}
                {product.visible && (
                  <Link
                    className="font-medium text-brand-600 hover:underline"
                    to={`/product/details/${product.slug}`}
                  >
                    View in the shop
                  </Link>
                )}
              </p>
            )}
          </div>
        </div>

        <Section title="Basic details">
          <TextField label="Product name" error={errors.name}>
            {textInput('name', 150)}
          </TextField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Brand" error={errors.brand}>
              {textInput('brand', 60)}
            </TextField>
            <TextField label="Category" error={errors.categoryId}>
              {(props) => (
                <select
                  {...props}
                  className="input"
                  value={form.categoryId}
                  onChange={(e) => set('categoryId', e.target.value)}
                >
                  <option value="">Choose a category</option>
                  <CategoryOptions groups={groups} />
                </select>
              )}
            </TextField>
          </div>
          <TextField label="Description" error={errors.description}>
            {(props) => (
              <textarea
                {...props}
                className="input min-h-28"
                value={form.description}
                maxLength={5000}
                onChange={(e) => set('description', e.target.value)}
              />
            )}
          </TextField>
        </Section>

        {product ? (
          <PhotoManager productId={product._id} />
        ) : (
          <Section title="Photos">
            <p className="text-sm text-ink-500">Create the product first; then add its photos here.</p>
          </Section>
        )}

        <Section title="Pricing">
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="MRP (₹)"
              error={errors.price}
              hint={`Whole rupees, ₹${MIN_PRICE}–₹${MAX_PRICE.toLocaleString('en-IN')}`}
            >
              {(props) => (
                <input
                  {...props}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={MIN_PRICE}
                  max={MAX_PRICE}
                  step={1}
                  value={form.price}
                  onChange={(e) => set('price', e.target.value)}
                />
              )}
            </TextField>
            <TextField label="Discount (%)" error={errors.discount} hint={`0–${MAX_DISCOUNT}`}>
              {(props) => (
                <input
                  {...props}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_DISCOUNT}
                  step={1}
                  value={form.discount}
                  onChange={(e) => set('discount', e.target.value)}
                />
              )}
            </TextField>
            <div>
              <p className="mb-1.5 text-sm font-medium text-ink-700">Selling price</p>
              <p
                className="py-2 text-lg font-bold text-ink-900"
                aria-live="polite"
                data-testid="selling-price"
              >
                {pricesKnown ? formatRupees(sellingPriceOf(price, discount)) : '—'}
              </p>
            </div>
          </div>
        </Section>

        <Section title="Sizes & stock">
          <VariantEditor
            system={form.system}
            rows={form.rows}
            errors={errors}
            onChange={(system, rows) => setForm((current) => ({ ...current, system, rows }))}
          />
        </Section>

        <Section title="Status">
          <fieldset>
            <legend className="sr-only">Status</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
              {PRODUCT_STATUSES.map((status) => (
                <label key={status} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="status"
                    value={status}
                    className="mt-0.5"
                    checked={form.status === status}
                    onChange={() => set('status', status)}
                  />
                  <span>
                    <span className="block font-semibold text-ink-900">{STATUS_LABELS[status].label}</span>
                    <span className="block text-ink-500">{STATUS_LABELS[status].help}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="status-error" message={errors.status} />
          </fieldset>
        </Section>

        {/* The actions close the form, where a long form is finished (a sticky header would cover them on top). */}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {product && (
            <button
              type="button"
              className="btn-outline inline-flex items-center gap-1"
              aria-haspopup="dialog"
              onClick={() => setConfirmingDelete(true)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
            </button>
          )}
          <button type="submit" className="btn-primary inline-flex items-center gap-1" disabled={busy}>
            <Save className="h-4 w-4" aria-hidden="true" /> {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      {/* The dialogs are forms of their own, so they stand outside the editor's form. */}
      {confirmingArchive && (
        <ConfirmDialog
          title={
            <>
              <Archive className="h-5 w-5 text-danger" aria-hidden="true" /> Archive{' '}
              {form.name || 'this product'}?
            </>
          }
          confirmLabel="Save as archived"
          busy={busy}
          onCancel={() => setConfirmingArchive(false)}
          onConfirm={() => void save()}
        >
          <p>
            Shoppers will no longer see or buy it. Its orders are kept, and you can make it active again
            later.
          </p>
        </ConfirmDialog>
      )}

      {confirmingDelete && product && (
        <ConfirmDialog
          title={
            <>
              <Trash2 className="h-5 w-5 text-danger" aria-hidden="true" /> Delete {product.name}?
            </>
          }
          confirmLabel="Delete product"
          busy={removing.isLoading}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={confirmDelete}
        >
          <p>
            The product, its sizes and photos are removed for good. If shoppers have ordered it, it is
            archived instead: hidden from the shop, kept for its orders.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
