import { useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Check, MapPin, Store } from 'lucide-react';
import {
  discountedPrice,
  formatRupees,
  shippingFeeFor,
  variantLabel,
  type AddressFormValues,
} from '@bazaar/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePlaceOrderMutation } from '../../api/ordersApi';
import { Skeleton } from '../../components/ui/Skeleton';
import type { CheckoutState } from '../cart';
import { AddressForm, addressLine, useAddressList, useSaveAddress } from '../addresses';
import { useDashboardMessages } from '../dashboard';
import { messageClear } from './orderSlice';
import { ProductImage } from '../../components/product/ProductImage';

type ShippingState = CheckoutState & { buyNow?: boolean };

/** One key per visit to the page: a double click or a retry of the same checkout makes one order. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Spec §2 Shipping: choose or add an address, review the products per shop and the summary, place the order. */
export default function ShippingPage() {
  const state = useLocation().state as ShippingState | null;
  if (!state?.products?.length) return <Navigate to="/cart" replace />;
  return <Shipping checkout={state} />;
}

function Shipping({ checkout }: { checkout: ShippingState }) {
  useDashboardMessages();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { allAddress, addressesLoaded } = useAddressList();
  const placing = useAppSelector((state) => state.order.placing);
  const [placeOrderCall] = usePlaceOrderMutation();
  const [adding, setAdding] = useState(false);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const { save, saving } = useSaveAddress();

  // Spec: the first default address, or else the first one, is preselected.
  const preselected = allAddress.find((address) => address.defaultAddress) ?? allAddress[0];
  const selectedId =
    chosenId !== null && allAddress.some((a) => a._id === chosenId) ? chosenId : (preselected?._id ?? null);
  const showForm = adding || (addressesLoaded && allAddress.length === 0);

  // The same rule the server charges by.
  const deliveryFee = shippingFeeFor(checkout.price);
  const total = checkout.price + deliveryFee;
  const buyNowItem = useMemo(() => {
    if (!checkout.buyNow) return undefined;
    const line = checkout.products[0].products[0];
    const variantId = line.variant?.size ? line.variant._id : undefined;
    return { productId: line.productInfo._id, quantity: line.quantity, ...(variantId ? { variantId } : {}) };
  }, [checkout]);

  const saveNewAddress = async (values: AddressFormValues) => {
    const saved = await save(values);
    if (saved) {
      setChosenId(saved._id);
      setAdding(false);
    }
    return saved !== null;
  };

  const placeOrder = async () => {
    if (selectedId === null) return;
    const result = await placeOrderCall({
      addressId: selectedId,
      idempotencyKey: idempotencyKey.current,
      buyNow: buyNowItem,
      price: checkout.price,
      shipping_fee: deliveryFee,
      items: checkout.items,
      products: checkout.products,
    });
    dispatch(messageClear());
    // The server took the ordered lines out of the cart: the endpoint invalidates the cart, so the bag count follows.
    if (result.data) {
      const { price, items, orderId } = result.data;
      navigate('/my-payment', { state: { price, items, orderId } });
    } else {
      // A shortage ('Only 2 left of …') must reach the shopper, or they cannot fix their cart.
      toast.error(
        (result.error as { error?: string } | undefined)?.error ??
          'Could not place the order. Please try again.',
      );
    }
  };

  return (
    <div className="bg-canvas">
      <div className="container-page grid gap-4 py-6 lg:grid-cols-[1fr_22rem] lg:items-start lg:gap-6 lg:py-10">
        <div className="flex flex-col gap-4">
          <section className="card p-4 lg:p-6" aria-labelledby="delivery-address">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <h1 id="delivery-address" className="flex items-center gap-2 text-lg font-bold text-ink-900">
                <MapPin className="h-5 w-5 text-brand-600" aria-hidden="true" /> Delivery address
              </h1>
              {!showForm && (
                <button type="button" className="btn-outline px-3 py-2" onClick={() => setAdding(true)}>
                  + Add new address
                </button>
              )}
            </div>
            {!addressesLoaded ? (
              <div className="flex flex-col gap-3" aria-busy="true">
                <Skeleton className="h-20 w-full" />
                <Skeleton className="h-20 w-full" />
              </div>
            ) : showForm ? (
              <AddressForm
                submitLabel="Save Address"
                onSubmit={saveNewAddress}
                onCancel={allAddress.length ? () => setAdding(false) : undefined}
                busy={saving}
              />
            ) : (
              <div role="radiogroup" aria-label="Saved addresses" className="flex flex-col gap-3">
                {allAddress.map((address) => {
                  const selected = address._id === selectedId;
                  return (
                    <label
                      key={address._id}
                      className={`flex cursor-pointer gap-3 rounded-card border p-4 transition ${
                        selected ? 'border-brand-600 bg-brand-50/40' : 'border-line hover:border-ink-300'
                      }`}
                    >
                      <input
                        type="radio"
                        name="shipping-address"
                        className="mt-1 h-4 w-4 accent-brand-600"
                        checked={selected}
                        onChange={() => setChosenId(address._id)}
                      />
                      <span className="min-w-0 text-sm">
                        <span className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                          {address.name}
                          {address.defaultAddress && (
                            <span className="rounded-pill bg-success px-2 py-0.5 text-[11px] text-white">
                              Default
                            </span>
                          )}
                        </span>
                        <span className="mt-1 block text-ink-700">{addressLine(address)}</span>
                        <span className="mt-1 block text-ink-500">Phone: {address.phonenumber}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
          </section>

          {checkout.products.map((group) => (
            <section
              key={group.sellerId}
              className="card p-4 lg:p-6"
              aria-label={`Items from ${group.shopName}`}
            >
              <h2 className="mb-3 flex items-center gap-2 text-sm font-semibold text-ink-700">
                <Store className="h-4 w-4 text-brand-600" aria-hidden="true" /> {group.shopName}
              </h2>
              <ul className="flex flex-col divide-y divide-line">
                {group.products.map(({ quantity, productInfo, variant }) => (
                  // Two sizes of one product are two lines.
                  <li key={`${productInfo._id}-${variant?._id ?? ''}`} className="flex gap-3 py-3">
                    <ProductImage
                      src={productInfo.images?.[0]}
                      width={64}
                      height={80}
                      className="h-20 w-16 shrink-0 rounded-md object-cover"
                    />
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="font-semibold text-ink-900">{productInfo.name}</p>
                      <p className="text-ink-500">{productInfo.brand}</p>
                      {variant && variantLabel(variant) && (
                        <p className="text-ink-700">{variantLabel(variant)}</p>
                      )}
                      <p className="text-ink-500">Qty: {quantity}</p>
                    </div>
                    <div className="text-right text-sm">
                      <p className="font-bold text-ink-900">
                        {formatRupees(discountedPrice(productInfo.price, productInfo.discount) * quantity)}
                      </p>
                      {productInfo.discount > 0 && (
                        <p className="text-xs">
                          <s className="text-ink-500">{formatRupees(productInfo.price * quantity)}</s>{' '}
                          <span className="font-semibold text-warning">-{productInfo.discount}%</span>
                        </p>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>

        <aside className="card p-4 lg:sticky lg:top-32 lg:p-6" aria-labelledby="order-summary">
          <h2 id="order-summary" className="text-lg font-bold text-ink-900">
            Order Summary
          </h2>
          <dl className="mt-4 flex flex-col gap-2 text-sm">
            <div className="flex justify-between">
              <dt className="text-ink-500">Items ({checkout.items})</dt>
              <dd className="text-ink-900">{formatRupees(checkout.price)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-ink-500">Delivery fee</dt>
              <dd className={deliveryFee ? 'text-ink-900' : 'font-semibold text-success'}>
                {deliveryFee ? formatRupees(deliveryFee) : 'FREE'}
              </dd>
            </div>
            <div className="mt-2 flex justify-between border-t border-line pt-3 text-base font-bold">
              <dt>Total</dt>
              <dd data-testid="shipping-total">{formatRupees(total)}</dd>
            </div>
          </dl>
          <button
            type="button"
            className="btn-primary mt-5 w-full py-3"
            disabled={selectedId === null || placing}
            onClick={placeOrder}
          >
            <Check className="h-4 w-4" aria-hidden="true" />
            {placing ? 'Placing order…' : 'Place Order'}
          </button>
          {selectedId === null && (
            <p className="mt-2 text-center text-xs text-ink-500">Choose a delivery address to continue.</p>
          )}
        </aside>
      </div>
    </div>
  );
}
