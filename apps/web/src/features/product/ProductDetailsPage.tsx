import { useDeferredValue, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Heart, MessageCircle, PackageX, ShoppingBag, Store, Truck, Zap } from 'lucide-react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  discountedPrice,
  FREE_SHIPPING_ABOVE,
  formatRupees,
  shippingFeeFor,
  type ProductDetailsDto,
  type VariantDto,
} from '@bazaar/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useServedWithPage } from '../../app/pageAnswers';
import { usePageHead } from '../../app/pageHead';
import { Stars } from '../../components/ui/Stars';
import { EmptyState } from '../../components/ui/EmptyState';
import { PriceTag } from '../../components/product/PriceTag';
import { ProductCarousel } from '../../components/product/ProductCarousel';
import { useCartActions } from '../../components/product/useCartActions';
import { messageClear } from '../../app/homeSlice';
import { useGetProductQuery, useGetReviewsQuery, useSubmitReviewMutation } from '../../api/catalogApi';
import { ProductGallery } from './ProductGallery';
import { QuantityStepper } from './QuantityStepper';
import { ReviewsPanel } from './ReviewsPanel';
import { ProductTabs } from './ProductTabs';
import { PincodeCheck } from './PincodeCheck';
import { SizePicker, type SizePickerHandle } from './SizePicker';
import { SizeChartDialog } from './SizeChartDialog';
import { ColourSwatches } from './ColourSwatches';
import { productHead } from './productHead';

type TabId = 'description' | 'reviews';

/** Spec §2 Buy Now: straight to /shipping with this one product (in the chosen size) as its own seller group. */
function buyNowState(product: ProductDetailsDto, quantity: number, variant: VariantDto | undefined) {
  const total = discountedPrice(product.price, product.discount) * quantity;
  return {
    products: [
      {
        sellerId: product.sellerId,
        shopName: product.shopName,
        price: total,
        products: [
          {
            quantity,
            productInfo: product,
            variant: variant && {
              _id: variant._id,
              size: variant.size,
              colour: variant.colour,
              stock: variant.stock,
            },
          },
        ],
      },
    ],
    price: total,
    shipping_fee: shippingFeeFor(total),
    items: quantity,
    buyNow: true,
  };
}

function StockInfo({ stock }: { stock: number }) {
  if (stock <= 0) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-danger">
        <PackageX size={16} aria-hidden="true" /> Out of stock
      </p>
    );
  }
  return (
    <p className={`text-sm font-semibold ${stock <= 5 ? 'text-warning' : 'text-success'}`}>
      {stock <= 5 ? `Hurry, only ${stock} left!` : `In stock (${stock} available)`}
    </p>
  );
}

function DetailsSkeleton() {
  return (
    <div
      className="container-page grid gap-8 py-6 lg:grid-cols-2 lg:py-10"
      role="status"
      aria-label="Loading product"
    >
      <div className="skeleton aspect-[3/4] w-full rounded-card" />
      <div className="flex flex-col gap-4">
        <div className="skeleton h-4 w-24" />
        <div className="skeleton h-8 w-4/5" />
        <div className="skeleton h-4 w-40" />
        <div className="skeleton h-8 w-48" />
        <div className="skeleton h-24 w-full" />
        <div className="skeleton h-11 w-full" />
      </div>
    </div>
  );
}

export default function ProductDetailsPage() {
  const { slug = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { signedIn, requireSignIn, addToCart, wishlistEntryOf, toggleWishlist } = useCartActions();
  // Every answer that lands (product, reviews, carousels) re-renders this page; deferring the store's value lets React
  // build each new version in short slices at low priority instead of one long task.
  const home = useDeferredValue(useAppSelector((state) => state.home));
  const { product, relatedProducts, similarProducts, moreProducts } = home;
  const [quantity, setQuantity] = useState(1);
  const [tab, setTab] = useState<TabId>('description');
  const [reviewPage, setReviewPage] = useState(1);
  // Issue 15: the chosen size (variant id), whether Add/Buy was pressed without one, and the size chart.
  const [variantId, setVariantId] = useState<number | null>(null);
  const [sizeMissing, setSizeMissing] = useState(false);
  const [chartOpen, setChartOpen] = useState(false);
  const sizePicker = useRef<SizePickerHandle>(null);
  // Another product (a similar or related card, another colour) starts from a fresh quantity, size, tab and review
  // page; adjusted while rendering rather than in an effect, which would first paint the new product with the old
  // choices.
  const [choicesForSlug, setChoicesForSlug] = useState(slug);
  // A page the server rendered came with this product's answer (app/pageAnswers.ts): shown as it is rather than
  // asked for again, for this slug only; another product, or coming back to this one, asks afresh.
  const servedWithPage = useServedWithPage(`/home/get-product/${slug}`);
  const [servedSlug, setServedSlug] = useState(servedWithPage ? slug : null);
  if (choicesForSlug !== slug) {
    setChoicesForSlug(slug);
    setServedSlug(null);
    setQuantity(1);
    setVariantId(null);
    setSizeMissing(false);
    setChartOpen(false);
    setTab('description');
    setReviewPage(1);
  }

  // The product and its reviews land in the home store area (product, reviews, …); each visit reads them afresh.
  useGetProductQuery(slug, { refetchOnMountOrArgChange: slug !== servedSlug });
  const [submitReviewCall] = useSubmitReviewMutation();

  // The slice may still hold the previous product while the new one loads; only trust a slug match.
  // Slugs are lower case; the API finds a product whatever the case of the link.
  const current = product && product.slug === slug.toLowerCase() ? product : null;
  const productId = current?._id;
  usePageHead(current ? productHead(current) : undefined);

  useGetReviewsQuery(productId === undefined ? skipToken : { productId, pageNumber: reviewPage }, {
    refetchOnMountOrArgChange: true,
  });

  if (!current) {
    if (home.loading.product) return <DetailsSkeleton />;
    return (
      <div className="container-page py-10">
        <EmptyState
          icon={PackageX}
          title="Product not found"
          description="This product may have been removed or the link is mistyped."
          action={
            <Link to="/shops" className="btn-primary">
              Continue shopping
            </Link>
          }
        />
      </div>
    );
  }

  const inStock = current.stock > 0;
  // A product with sizes is bought in one (issue 15); one without has a single default variant the server picks.
  const sized = current.variants.some((variant) => variant.size !== null);
  // A size that sold out since it was chosen (the product was read again) is no longer a choice.
  const chosen = current.variants.find((variant) => variant._id === variantId && variant.stock > 0);
  // The stock the page speaks of and the stepper stops at: the chosen size's; before a choice, the product's (for
  // the stepper, the largest size's, which no size exceeds).
  const stockShown = chosen?.stock ?? current.stock;
  const stepperStock =
    chosen?.stock ??
    (sized ? Math.max(0, ...current.variants.map((variant) => variant.stock)) : current.stock);

  const chooseSize = (id: number) => {
    setVariantId(id);
    setSizeMissing(false);
    const stock = current.variants.find((variant) => variant._id === id)?.stock ?? 0;
    // A quantity the new size cannot cover comes down to its stock.
    if (quantity > stock) setQuantity(Math.max(1, stock));
  };

  /** Add To Cart and Buy Now ask for a size first, as Myntra's do: the chips are marked and take focus. */
  const sizeChosenOrAsk = () => {
    if (!sized || chosen) return true;
    setSizeMissing(true);
    sizePicker.current?.focus();
    return false;
  };
  const saved = wishlistEntryOf(current._id) !== undefined;
  const categoryLink = `/shops?category=${encodeURIComponent(current.categorySlug ?? current.category)}`;

  const submitReview = async (rating: number, review: string) => {
    try {
      // The review invalidates the product's reviews and the product (its rating), which are then read again.
      const result = await submitReviewCall({ productId: current._id, rating, review }).unwrap();
      toast.success(result.message);
      setReviewPage(1);
      return true;
    } catch (error) {
      toast.error((error as { error?: string }).error ?? 'Could not submit your review');
      return false;
    } finally {
      dispatch(messageClear());
    }
  };

  const addToBag = () => {
    if (sizeChosenOrAsk()) addToCart(current._id, quantity, { variantId: sized ? chosen?._id : undefined });
  };

  const buyNow = () => {
    if (sizeChosenOrAsk() && requireSignIn())
      navigate('/shipping', { state: buyNowState(current, quantity, sized ? chosen : undefined) });
  };

  return (
    // On phones the page ends above the sticky Add To Cart / Buy Now bar.
    <div className={`bg-white ${inStock ? 'pb-28 lg:pb-12' : 'pb-12'}`}>
      <div className="container-page py-4 lg:py-6">
        <nav aria-label="Breadcrumb" className="mb-4 truncate text-xs text-ink-500">
          <Link to="/" className="hover:text-ink-900">
            Home
          </Link>
          <span aria-hidden="true"> / </span>
          <Link to={categoryLink} className="hover:text-ink-900">
            {current.category}
          </Link>
          <span aria-hidden="true"> / </span>
          <span className="text-ink-900" aria-current="page">
            {current.name}
          </span>
        </nav>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,9fr)_minmax(0,11fr)] lg:gap-12">
          <div className="min-w-0 lg:sticky lg:top-36 lg:self-start">
            <ProductGallery key={current._id} images={current.images} name={current.name} />
          </div>

          <div className="flex min-w-0 flex-col gap-5">
            <div>
              <p className="text-sm font-bold uppercase tracking-wide text-ink-500">{current.brand}</p>
              <h1 className="mt-1 text-2xl font-bold leading-tight text-ink-900 lg:text-3xl">
                {current.name}
              </h1>
              <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-ink-500">
                <Store size={14} aria-hidden="true" /> Sold by{' '}
                {current.shopSlug ? (
                  <Link
                    to={`/shop/${current.shopSlug}`}
                    className="font-semibold text-ink-700 underline-offset-2 hover:text-brand-600 hover:underline"
                  >
                    {current.shopName}
                  </Link>
                ) : (
                  <span className="font-semibold text-ink-700">{current.shopName}</span>
                )}
              </p>
              <button
                type="button"
                onClick={() => setTab('reviews')}
                className="mt-3 flex items-center gap-2 rounded-md border border-line px-2.5 py-1 text-sm hover:border-ink-900"
              >
                <span className="font-bold">{current.rating.toFixed(1)}</span>
                <Stars rating={current.rating} size="sm" />
                <span className="text-ink-500">| {home.totalReview} Reviews</span>
              </button>
            </div>

            <div className="border-y border-line py-4">
              <PriceTag price={current.price} discount={current.discount} size="lg" />
              <p className="mt-1 text-xs font-medium text-success">inclusive of all taxes</p>
              <div className="mt-2">
                <StockInfo stock={stockShown} />
              </div>
            </div>

            <ColourSwatches siblings={current.siblings} />

            {sized && (
              <SizePicker
                ref={sizePicker}
                variants={current.variants}
                selectedId={chosen?._id ?? null}
                onSelect={chooseSize}
                missing={sizeMissing}
                onSizeChart={current.sizeChart ? () => setChartOpen(true) : undefined}
              />
            )}
            {chartOpen && current.sizeChart && (
              <SizeChartDialog
                chart={current.sizeChart}
                selectedSize={chosen?.size ?? null}
                onClose={() => setChartOpen(false)}
              />
            )}

            {inStock && (
              <div className="flex flex-col gap-4">
                <div className="flex items-center gap-4">
                  <span className="text-sm font-semibold text-ink-900">Quantity</span>
                  <QuantityStepper
                    quantity={quantity}
                    stock={stepperStock}
                    size={chosen?.size}
                    onChange={setQuantity}
                  />
                </div>
                {/* On phones the two buttons stay in reach at the bottom of the screen (Myntra's sticky bar); from
                    lg they sit here in the column. One set of buttons either way. */}
                <div className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-2 gap-3 border-t border-line bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-raised backdrop-blur lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none">
                  <button type="button" className="btn-primary py-3" onClick={addToBag}>
                    <ShoppingBag size={18} aria-hidden="true" /> Add To Cart
                  </button>
                  <button type="button" className="btn-dark py-3" onClick={buyNow}>
                    <Zap size={18} aria-hidden="true" /> Buy Now
                  </button>
                </div>
              </div>
            )}

            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className={`btn-outline ${saved ? 'border-brand-600 text-brand-600' : ''}`}
                onClick={() => toggleWishlist(current._id)}
                aria-pressed={saved}
              >
                <Heart size={18} aria-hidden="true" className={saved ? 'fill-current' : ''} />{' '}
                {saved ? 'Saved to wishlist' : 'Add to wishlist'}
              </button>
              <Link to={`/dashboard/chat/${current.sellerId}`} className="btn-outline">
                <MessageCircle size={18} aria-hidden="true" /> Chat Seller
              </Link>
            </div>

            <PincodeCheck productId={current._id} />

            <ul className="flex flex-col gap-2 rounded-card bg-canvas p-4 text-sm text-ink-700">
              <li className="flex items-center gap-2">
                <Truck size={16} className="text-ink-500" aria-hidden="true" /> Free delivery on orders above{' '}
                {formatRupees(FREE_SHIPPING_ABOVE)}
              </li>
              <li className="flex items-center gap-2">
                <PackageX size={16} className="text-ink-500" aria-hidden="true" /> Easy 7-day returns
              </li>
            </ul>
          </div>
        </div>

        <div className="mt-10 lg:mt-14">
          <ProductTabs<TabId>
            active={tab}
            onChange={setTab}
            tabs={[
              {
                id: 'description',
                label: 'Description',
                content: (
                  <p className="max-w-3xl whitespace-pre-line text-sm leading-relaxed text-ink-700">
                    {current.description}
                  </p>
                ),
              },
              {
                id: 'reviews',
                label: `Reviews (${home.totalReview})`,
                content: (
                  <ReviewsPanel
                    productId={current._id}
                    rating={current.rating}
                    totalReview={home.totalReview}
                    buckets={home.rating_review}
                    reviews={home.reviews}
                    page={reviewPage}
                    loading={home.loading.reviews}
                    onPage={setReviewPage}
                    signedIn={signedIn}
                    onSubmit={submitReview}
                  />
                ),
              },
            ]}
          />
        </div>

        <ProductCarousel title="Similar Products" products={similarProducts} />
        <ProductCarousel title="Related Products" products={relatedProducts} />
        <ProductCarousel title={`More from ${current.shopName}`} products={moreProducts} />
      </div>
    </div>
  );
}
