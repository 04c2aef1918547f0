import { Check, X } from 'lucide-react';
import type { DeliveryStatus, OrderDetails, OrderTimelineEntry } from '@bazaar/shared';

/** The steps a shop's part of the order goes through, as the shopper reads them. */
const STEPS: readonly { status: DeliveryStatus; label: string }[] = [
  { status: 'placed', label: 'Confirmed' },
  { status: 'warehouse', label: 'Packed' },
  { status: 'shipped', label: 'Shipped' },
  { status: 'delivered', label: 'Delivered' },
];

const when = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** One shop's part: its steps, each with the date it was reached; a cancellation ends it with the reason. */
function PartSteps({ shopName, events }: { shopName: string; events: OrderTimelineEntry[] }) {
  const reached = new Map(events.map((event) => [event.status, event]));
  const cancelled = reached.get('cancelled');
  const steps = cancelled ? STEPS.filter((step) => reached.has(step.status)) : STEPS;
  return (
    <li className="rounded-card border border-line p-3" data-testid="order-part-timeline">
      <h3 className="text-sm font-semibold text-ink-900">Sold by {shopName}</h3>
      <ol className="mt-2 space-y-2">
        {steps.map(({ status, label }) => {
          const event = reached.get(status);
          return (
            <li key={status} className="flex gap-2 text-sm">
              <span
                className={`mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full ${
                  event ? 'bg-success text-white' : 'border border-line bg-white'
                }`}
                aria-hidden="true"
              >
                {event && <Check className="h-3 w-3" />}
              </span>
              <span className={event ? 'text-ink-900' : 'text-ink-500'}>
                {label}
                {event ? (
                  <span className="text-ink-500"> · {when.format(new Date(event.at))}</span>
                ) : (
                  <span className="sr-only"> (not yet)</span>
                )}
                {event?.courier && (
                  <span className="block text-ink-700">
                    {event.courier}, tracking number{' '}
                    <span className="font-mono font-semibold">{event.trackingNumber}</span>
                  </span>
                )}
              </span>
            </li>
          );
        })}
        {cancelled && (
          <li className="flex gap-2 text-sm">
            <span
              className="mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full bg-danger text-white"
              aria-hidden="true"
            >
              <X className="h-3 w-3" />
            </span>
            <span className="text-ink-900">
              Cancelled<span className="text-ink-500"> · {when.format(new Date(cancelled.at))}</span>
              {cancelled.note && <span className="block text-ink-700">{cancelled.note}</span>}
            </span>
          </li>
        )}
      </ol>
    </li>
  );
}

/**
 * Order Details' delivery timeline (issue 16): one block per shop of the order, since each shop packs and ships its
 * own part. Shown once something has happened to the order after it was placed.
 */
export function OrderTimeline({ order }: { order: OrderDetails }) {
  if (order.timeline.length === 0) return null;
  const shops = [...new Set(order.products.map((line) => line.productInfo.shopName))];
  return (
    <section aria-labelledby="order-timeline-title" className="mt-6">
      <h2 id="order-timeline-title" className="mb-3 font-semibold text-ink-900">
        Delivery
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {shops.map((shopName) => (
          <PartSteps
            key={shopName}
            shopName={shopName}
            events={order.timeline.filter((event) => event.shopName === shopName)}
          />
        ))}
      </ul>
    </section>
  );
}
