import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { ArrowRight, Store } from 'lucide-react';
import { formatRupees, MAX_UNITS_PER_PRODUCT, type CartLine } from '@bazaar/shared';
import { useAppSelector } from '../../app/hooks';
import { Skeleton } from '../../components/ui/Skeleton';
import {
  useChangeCartVariantMutation,
  useDecreaseQuantityMutation,
  useDeleteCartLineMutation,
  useDeleteSoldOutLinesMutation,
  useGetCartQuery,
  useIncreaseQuantityMutation,
} from '../../api/cartApi';
import { nextQuantity, quantityLimitMessage } from '../../components/product/quantity';
import { cartCheckout } from './checkout';
import { lineStock } from './cartLines';
import { CARD_TOAST_ID } from './CardToasts';
import { CartLineItem } from './components/CartLineItem';
import { EmptyCart } from './components/EmptyCart';
import { OrderSummary } from './components/OrderSummary';
import { OutOfStockSection } from './components/OutOfStockSection';

function CartSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
      <span className="sr-only">Loading your cart</span>
      <div className="space-y-4">
        {[0, 1].map((i) => (
          <div key={i} className="card space-y-4 p-4">
            <Skeleton className="h-5 w-40" />
            <div className="flex gap-3">
              <Skeleton className="h-28 w-20" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-3 w-1/3" />
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            </div>
          </div>
        ))}
      </div>
      <Skeleton className="h-72 w-full rounded-card" />
    </div>
  );
}

/** Which request is running: a line id, or 'out-of-stock' for the section's Delete. */
type Busy = number | 'out-of-stock' | null;

export default function CartPage() {
  const navigate = useNavigate();
  const userId = useAppSelector((state) => state.auth.userInfo?.id);
  // The page shows the card store area, which the cart query feeds; opening the page reads the cart afresh.
  const card = useAppSelector((state) => state.card);
  useGetCartQuery(undefined, { refetchOnMountOrArgChange: true });
  const [increaseQuantity] = useIncreaseQuantityMutation();
  const [decreaseQuantity] = useDecreaseQuantityMutation();
  const [deleteCartLine] = useDeleteCartLineMutation();
  const [deleteSoldOutLines] = useDeleteSoldOutLinesMutation();
  const [changeCartVariant] = useChangeCartVariantMutation();
  const [busy, setBusy] = useState<Busy>(null);

  const run = async (target: Busy, action: () => Promise<unknown>) => {
    setBusy(target);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  // Spec §4: + only while quantity + 1 stays within stock and the per-order cap (else a toast saying which, no
  // call); − never below 1.
  const increase = (line: CartLine) => {
    const { refusedBy } = nextQuantity(line.quantity, 1, lineStock(line));
    if (refusedBy) {
      toast.error(quantityLimitMessage(refusedBy, line.variant?.size), { id: CARD_TOAST_ID });
      return;
    }
    void run(line._id, () => increaseQuantity(line._id));
  };
  const decrease = (line: CartLine) => {
    if (line.quantity - 1 < 1) return;
    void run(line._id, () => decreaseQuantity(line._id));
  };

  const lines = card.card_products.flatMap((group) => group.products);
  const isEmpty = lines.length === 0 && card.outofstock_products.length === 0;
  const aboveStock = lines.some((line) => line.quantity > lineStock(line));
  const aboveCap = lines.some((line) => line.quantity > MAX_UNITS_PER_PRODUCT);
  const canCheckout = card.buy_product_item > 0 && !aboveStock && !aboveCap;
  const total = card.price + card.shipping_fee;
  const checkout = () => navigate('/shipping', { state: cartCheckout(card) });

  return (
    <div className="bg-canvas">
      <section className={`container-page py-6 lg:py-10 ${!isEmpty ? 'pb-28 lg:pb-10' : ''}`}>
        <header className="flex flex-wrap items-end justify-between gap-2">
          <h1 className="text-2xl font-bold text-ink-900 lg:text-3xl">Shopping Bag</h1>
          {card.cartLoaded && !isEmpty && (
            <p className="text-sm font-medium text-ink-700" data-testid="total-products">
              Total Products = {card.card_product_count}
            </p>
          )}
        </header>

        {!card.cartLoaded ? (
          <CartSkeleton />
        ) : isEmpty ? (
          <div className="mt-8">
            <EmptyCart />
          </div>
        ) : (
          <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
            <div className="space-y-4">
              {card.card_products.map((group) => (
                <section
                  key={group.sellerId}
                  aria-labelledby={`shop-${group.sellerId}`}
                  className="card overflow-hidden"
                  data-testid="cart-shop"
                >
                  <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
                    <h2
                      id={`shop-${group.sellerId}`}
                      className="flex min-w-0 items-center gap-2 font-sans text-base font-semibold text-ink-900"
                    >
                      <Store size={18} className="shrink-0 text-brand-600" aria-hidden="true" />
                      <span className="truncate">{group.shopName}</span>
                    </h2>
                    <span className="shrink-0 text-sm text-ink-500">{formatRupees(group.price)}</span>
                  </header>
                  <ul className="divide-y divide-line">
                    {group.products.map((line) => (
                      <CartLineItem
                        key={line._id}
                        line={line}
                        busy={busy === line._id}
                        onIncrease={() => increase(line)}
                        onDecrease={() => decrease(line)}
                        onRemove={() => void run(line._id, () => deleteCartLine(line._id))}
                        onChangeSize={(variantId) =>
                          void run(line._id, () => changeCartVariant({ lineId: line._id, variantId }))
                        }
                      />
                    ))}
                  </ul>
                </section>
              ))}
              {card.outofstock_products.length > 0 && userId !== undefined && (
                <OutOfStockSection
                  lines={card.outofstock_products}
                  busy={busy === 'out-of-stock'}
                  onDelete={() => void run('out-of-stock', () => deleteSoldOutLines(userId))}
                />
              )}
            </div>

            <OrderSummary
              numbers={{ price: card.price, shipping_fee: card.shipping_fee, items: card.buy_product_item }}
              canCheckout={canCheckout}
              blockedReason={
                aboveStock
                  ? 'Some quantities are above the stock left. Lower them to continue.'
                  : aboveCap
                    ? `An order may hold at most ${MAX_UNITS_PER_PRODUCT} units of a product. Lower the quantity to continue.`
                    : undefined
              }
              onCheckout={checkout}
            />
          </div>
        )}
      </section>

      {card.cartLoaded && !isEmpty && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-raised backdrop-blur lg:hidden">
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-4">
            <div>
              <p className="text-lg font-bold leading-tight text-ink-900">{formatRupees(total)}</p>
              <p className="text-xs text-ink-500">Total for {card.buy_product_item} Items</p>
            </div>
            <button
              type="button"
              className="btn-primary px-5 py-3"
              disabled={!canCheckout}
              onClick={checkout}
            >
              Proceed to checkout
              <ArrowRight size={18} aria-hidden="true" />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
