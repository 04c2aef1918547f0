import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Download, ImageOff, Plus, Search, Shirt, Upload } from 'lucide-react';
import {
  formatRupees,
  IMPORT_MAX_BYTES,
  PRODUCT_STATUSES,
  STOCK_FILTERS,
  type ImportError,
  type SellerProductListParams,
  type SellerProductRow,
  type StockFilter,
} from '@bazaar/shared';
import type { ProductStatus } from '@bazaar/shared/sellerCenter';
import { failureMessage, type ApiFailure } from '../../api/bazaarApi';
import { useGetSubcategoryGroupsQuery } from '../../api/catalogApi';
import {
  SELLER_PRODUCTS_EXPORT_URL,
  useGetSellerProductsQuery,
  useImportSellerProductsMutation,
} from '../../api/sellerProductsApi';
import { Badge } from '../../components/ui/Badge';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { CategoryOptions } from './products/CategoryOptions';
import { STATUS_LABELS } from './products/productStatus';
import { FilterSelect } from '../../components/console/FilterSelect';
import { TableHead } from '../../components/console/TableHead';

const STOCK_LABELS: Record<StockFilter, string> = { in: 'In stock', low: 'Low stock', out: 'Sold out' };

/** The list's filters as the URL holds them (a link or reload shows the same page). */
function filtersOf(params: URLSearchParams): SellerProductListParams {
  const status = params.get('status');
  const stock = params.get('stock');
  const categoryId = Number(params.get('categoryId'));
  const page = Number(params.get('page'));
  return {
    q: params.get('q') || undefined,
    status: (PRODUCT_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ProductStatus)
      : undefined,
    stock: (STOCK_FILTERS as readonly string[]).includes(stock ?? '') ? (stock as StockFilter) : undefined,
    categoryId: Number.isInteger(categoryId) && categoryId > 0 ? categoryId : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/**
 * "Low" for a product without sizes; for one with sizes, which sizes are low ("Low: M 3, XL sold out"), so a product
 * with plenty of units in other sizes does not simply read as low.
 */
function lowStockLabel(product: SellerProductRow): string {
  if (product.lowSizes.length === 0) return 'Low';
  const sizes = product.lowSizes.map(({ size, stock }) =>
    stock === 0 ? `${size} sold out` : `${size} ${stock}`,
  );
  return `Low: ${sizes.join(', ')}`;
}

function StockCell({ product }: { product: SellerProductRow }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-semibold text-ink-900">{product.stock.toLocaleString('en-IN')}</span>
      {product.stock === 0 ? (
        <Badge tone="danger">Sold out</Badge>
      ) : (
        product.lowStock && <Badge tone="warning">{lowStockLabel(product)}</Badge>
      )}
    </span>
  );
}

function PriceCell({ product }: { product: SellerProductRow }) {
  return (
    <span>
      <span className="font-semibold text-ink-900">{formatRupees(product.sellingPrice)}</span>
      {product.discount > 0 && (
        <span className="ml-1 text-xs text-ink-500">
          <s>{formatRupees(product.price)}</s> {product.discount}% off
        </span>
      )}
    </span>
  );
}

function Thumb({ product }: { product: SellerProductRow }) {
  return product.image ? (
    <img
      src={product.image}
      alt=""
      width={40}
      height={52}
      className="h-13 w-10 shrink-0 rounded object-cover"
    />
  ) : (
    <span className="flex h-13 w-10 shrink-0 items-center justify-center rounded bg-canvas text-ink-300">
      <ImageOff className="h-4 w-4" aria-hidden="true" />
    </span>
  );
}

const statusBadge = (status: ProductStatus) => (
  <Badge tone={STATUS_LABELS[status].tone}>{STATUS_LABELS[status].label}</Badge>
);

/** The rows a refused import reported, to fix in the file and send again. */
function ImportErrors({ errors, onClose }: { errors: ImportError[]; onClose: () => void }) {
  const id = useId();
  return (
    <section aria-labelledby={id} role="alert" className="card border border-danger p-4">
      <div className="flex items-start justify-between gap-3">
        <h2 id={id} className="font-bold text-danger">
          Nothing was imported: fix {errors.length === 1 ? 'this row' : `these ${errors.length} problems`} and
          import the file again
        </h2>
        <button type="button" className="btn-outline shrink-0 text-sm" onClick={onClose}>
          Dismiss
        </button>
      </div>
      <div className="mt-3 max-h-80 overflow-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-ink-500">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Row
              </th>
              <th scope="col" className="py-1 pr-3">
                Column
              </th>
              <th scope="col" className="py-1">
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error, index) => (
              <tr key={index} className="border-t border-line align-top">
                <td className="py-1.5 pr-3 font-mono">{error.row || 'File'}</td>
                <td className="py-1.5 pr-3 font-mono">{error.field}</td>
                <td className="py-1.5">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Export and import as CSV; an import is checked whole and applied whole, or not at all. */
function CsvActions({ onErrors }: { onErrors: (errors: ImportError[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [importCsv, { isLoading }] = useImportSellerProductsMutation();

  async function upload(file: File) {
    if (file.size > IMPORT_MAX_BYTES) {
      toast.error('The file is over 2 MB: split it into smaller files');
      return;
    }
    try {
      const result = await importCsv(await file.text()).unwrap();
      onErrors([]);
      toast.success(result.message);
    } catch (failure) {
      const errors = (failure as ApiFailure).errors as ImportError[] | undefined;
      if (errors?.length) onErrors(errors);
      toast.error(failureMessage(failure, 'The file could not be imported'));
    }
  }

  return (
    <>
      <a href={SELLER_PRODUCTS_EXPORT_URL} download className="btn-outline inline-flex items-center gap-1">
        <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
      </a>
      <button
        type="button"
        className="btn-outline inline-flex items-center gap-1"
        disabled={isLoading}
        onClick={() => input.current?.click()}
      >
        <Upload className="h-4 w-4" aria-hidden="true" /> {isLoading ? 'Importing…' : 'Import CSV'}
      </button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-label="CSV file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </>
  );
}

/** /seller/products: the seller's catalogue, searchable and filtered, a table on wide screens and cards on phones. */
export default function SellerProductsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useGetSellerProductsQuery(filters, { refetchOnMountOrArgChange: true });
  const groups = useGetSubcategoryGroupsQuery().data?.gkSubcategory ?? [];
  const [search, setSearch] = useState(filters.q ?? '');
  const [importErrors, setImportErrors] = useState<ImportError[]>([]);
  const searchId = useId();

  /** Changes one filter; any change but the page's own goes back to page 1. */
  function setFilter(key: keyof SellerProductListParams, value: string | undefined) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setFilter('q', search.trim() || undefined);
  }

  const data = list.data;
  const page = data?.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Boolean(filters.q || filters.status || filters.stock || filters.categoryId);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-bold text-ink-900 lg:text-xl">Products</h1>
        <div className="flex flex-wrap gap-2">
          <CsvActions onErrors={setImportErrors} />
          <Link to="/seller/products/new" className="btn-primary inline-flex items-center gap-1">
            <Plus className="h-4 w-4" aria-hidden="true" /> Add product
          </Link>
        </div>
      </div>

      {importErrors.length > 0 && <ImportErrors errors={importErrors} onClose={() => setImportErrors([])} />}

      <div className="card grid gap-3 p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <form role="search" onSubmit={submitSearch} className="flex gap-2">
          <label htmlFor={searchId} className="sr-only">
            Search by name, brand or SKU
          </label>
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder="Name, brand or SKU"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="submit" className="btn-outline px-3" aria-label="Search">
            <Search className="h-4 w-4" aria-hidden="true" />
          </button>
        </form>
        <FilterSelect
          label="Status"
          value={filters.status}
          anyLabel="Any status"
          onChange={(value) => setFilter('status', value)}
        >
          {PRODUCT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status].label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Category"
          value={filters.categoryId}
          anyLabel="Any category"
          onChange={(value) => setFilter('categoryId', value)}
        >
          <CategoryOptions groups={groups} />
        </FilterSelect>
        <FilterSelect
          label="Stock"
          value={filters.stock}
          anyLabel="Any stock"
          onChange={(value) => setFilter('stock', value)}
        >
          {STOCK_FILTERS.map((stock) => (
            <option key={stock} value={stock}>
              {STOCK_LABELS[stock]}
            </option>
          ))}
        </FilterSelect>
      </div>

      {list.isError ? (
        <p role="alert" className="card p-4 text-sm text-danger">
          {failureMessage(list.error, 'Your products could not be loaded')}
        </p>
      ) : !data ? (
        <div role="status" className="card space-y-3 p-4">
          <span className="sr-only">Loading products</span>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : data.products.length === 0 ? (
        <EmptyState
          icon={Shirt}
          title={filtered ? 'No products match' : 'No products yet'}
          description={
            filtered
              ? 'Try another search or fewer filters.'
              : 'Add your first product, or import a CSV of them.'
          }
          action={
            !filtered && (
              <Link to="/seller/products/new" className="btn-primary">
                Add product
              </Link>
            )
          }
        />
      ) : (
        <>
          <p className="text-sm text-ink-500" aria-live="polite">
            {data.total.toLocaleString('en-IN')} {data.total === 1 ? 'product' : 'products'}
          </p>
          {/* Wide screens: a dense table. */}
          <div className="card hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Your products, newest first</caption>
              <TableHead inset columns={['Product', 'Sizes', 'Price', 'Stock', 'Status']} />
              <tbody>
                {data.products.map((product) => (
                  <tr key={product._id} className="border-b border-line last:border-0 hover:bg-canvas">
                    <td className="px-3 py-2">
                      <div className="flex items-center gap-3">
                        <Thumb product={product} />
                        <div className="min-w-0">
                          <Link
                            to={`/seller/products/${product._id}`}
                            className="block truncate font-semibold text-ink-900 hover:text-brand-600 hover:underline"
                          >
                            {product.name}
                          </Link>
                          <span className="text-xs text-ink-500">
                            {product.brand} · {product.category}
                          </span>
                        </div>
                      </div>
                    </td>
                    <td className="px-3 py-2">{product.variantCount}</td>
                    <td className="px-3 py-2">
                      <PriceCell product={product} />
                    </td>
                    <td className="px-3 py-2">
                      <StockCell product={product} />
                    </td>
                    <td className="px-3 py-2">{statusBadge(product.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* Phones: stacked cards. */}
          <ul className="space-y-2 md:hidden">
            {data.products.map((product) => (
              <li key={product._id} className="card flex gap-3 p-3">
                <Thumb product={product} />
                <div className="min-w-0 flex-1 space-y-1 text-sm">
                  <Link
                    to={`/seller/products/${product._id}`}
                    className="block font-semibold text-ink-900 hover:text-brand-600 hover:underline"
                  >
                    {product.name}
                  </Link>
                  <p className="text-xs text-ink-500">
                    {product.brand} · {product.category} · {product.variantCount}{' '}
                    {product.variantCount === 1 ? 'SKU' : 'SKUs'}
                  </p>
                  <p>
                    <PriceCell product={product} />
                  </p>
                  <p className="flex flex-wrap items-center gap-2">
                    <StockCell product={product} /> {statusBadge(product.status)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
              <button
                type="button"
                className="btn-outline"
                disabled={page <= 1}
                onClick={() => setFilter('page', String(page - 1))}
              >
                Previous
              </button>
              <span aria-current="page">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="btn-outline"
                disabled={page >= pages}
                onClick={() => setFilter('page', String(page + 1))}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
