import { useParams, useSearchParams } from 'react-router-dom';
import { CalendarDays, MapPin, PackageOpen, Store } from 'lucide-react';
import { pageTitle, useDocumentTitle } from '../../app/documentTitle';
import { failureStatus } from '../../api/bazaarApi';
import { useGetShopQuery } from '../../api/catalogApi';
import { ProductCard, ProductCardSkeleton } from '../../components/product/ProductCard';
import { Pagination } from '../../components/product/Pagination';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { Stars } from '../../components/ui/Stars';

const joinedFormat = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric' });

/** A shop as shoppers meet it from "Sold by" (issue 16): who it is, how it is rated, and its products. */
export default function ShopProfilePage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isFetching } = useGetShopQuery({ slug, page });
  useDocumentTitle(data ? pageTitle(data.shop.name) : undefined);

  if (error)
    return (
      <div className="container-page py-10">
        <EmptyState
          icon={Store}
          title={failureStatus(error) === 404 ? 'Shop not found' : 'This shop could not be loaded'}
          description={
            failureStatus(error) === 404
              ? 'This shop is not selling on Bazaar at the moment.'
              : 'Please check your connection and try again.'
          }
        />
      </div>
    );

  const shop = data?.shop;
  return (
    <div className="bg-canvas pb-10">
      <section className="border-b border-line bg-white">
        <div className="container-page flex flex-col gap-3 py-6 sm:flex-row sm:items-center sm:gap-5">
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Store className="h-7 w-7" aria-hidden="true" />
          </span>
          {shop ? (
            <div className="min-w-0">
              <h1 className="text-2xl font-bold text-ink-900">{shop.name}</h1>
              <ul className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-500">
                <li className="inline-flex items-center gap-1">
                  <MapPin className="h-4 w-4" aria-hidden="true" /> {shop.city}
                </li>
                <li className="inline-flex items-center gap-1.5" data-testid="shop-rating">
                  {shop.rating === null ? (
                    'No reviews yet'
                  ) : (
                    <>
                      <Stars rating={shop.rating} size="sm" />
                      <span className="font-semibold text-ink-700">{shop.rating.toFixed(1)}</span>
                      <span>
                        ({shop.reviewCount} {shop.reviewCount === 1 ? 'review' : 'reviews'})
                      </span>
                    </>
                  )}
                </li>
                <li>
                  {shop.productCount} {shop.productCount === 1 ? 'product' : 'products'}
                </li>
                <li className="inline-flex items-center gap-1">
                  <CalendarDays className="h-4 w-4" aria-hidden="true" /> On Bazaar since{' '}
                  {joinedFormat.format(new Date(shop.joinedAt))}
                </li>
              </ul>
            </div>
          ) : (
            <div className="w-full max-w-md space-y-2" role="status">
              <span className="sr-only">Loading the shop</span>
              <Skeleton className="h-7 w-2/3" />
              <Skeleton className="h-4 w-full" />
            </div>
          )}
        </div>
      </section>

      <section aria-label="Products" className="container-page pt-6">
        {!data || isFetching ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4" aria-hidden="true">
            {Array.from({ length: 8 }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </div>
        ) : data.products.length === 0 ? (
          <EmptyState icon={PackageOpen} title="No products yet" description="Come back soon." />
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
              {data.products.map((product, index) => (
                <li key={product._id}>
                  <ProductCard product={product} eager={index < 4} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              totalItems={data.totalProduct}
              pageSize={data.parPage}
              onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
              label="Shop pages"
            />
          </>
        )}
      </section>
    </div>
  );
}
