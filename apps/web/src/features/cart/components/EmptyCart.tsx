import { Link } from 'react-router-dom';

/** A drawn, empty shopping bag (no image request), in the brand colours. */
function EmptyBagIllustration() {
  return (
    <svg viewBox="0 0 240 200" className="h-44 w-auto" role="img" aria-label="An empty shopping bag">
      <ellipse cx="120" cy="182" rx="78" ry="10" fill="#eaeaec" />
      <circle cx="120" cy="100" r="86" fill="#fff1f3" />
      <path
        d="M92 74c0-20 12-34 28-34s28 14 28 34"
        fill="none"
        stroke="#be123c"
        strokeWidth="7"
        strokeLinecap="round"
      />
      <path d="M68 74h104l-8 104H76z" fill="#ff6086" />
      <path d="M68 74h104l-2 24H70z" fill="#e11d48" />
      <circle cx="100" cy="118" r="5" fill="#ffffff" />
      <circle cx="140" cy="118" r="5" fill="#ffffff" />
      <path d="M104 146c10-8 22-8 32 0" fill="none" stroke="#ffffff" strokeWidth="5" strokeLinecap="round" />
      <path d="M186 48l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#ff9bb0" />
      <path d="M46 120l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#ffc6d2" />
      <circle cx="196" cy="124" r="4" fill="#ffc6d2" />
      <circle cx="52" cy="62" r="3" fill="#ff9bb0" />
    </svg>
  );
}

/** Spec: an image, 'Cart is Empty Click here to Shop' and a Shop Now link to /shops. */
export function EmptyCart() {
  return (
    <div className="card mx-auto flex max-w-lg flex-col items-center px-6 py-10 text-center">
      <EmptyBagIllustration />
      <p className="mt-4 text-ink-500">
        <span className="block font-display text-xl font-bold text-ink-900">Cart is Empty</span> Click here to
        Shop
      </p>
      <Link to="/shops" className="btn-primary mt-6 px-8">
        Shop Now
      </Link>
    </div>
  );
}
