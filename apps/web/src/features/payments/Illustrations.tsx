/** Inline illustrations of the payment results (no network request, crisp at any size). */

export function FailureArt() {
  return (
    <svg width="140" height="120" viewBox="0 0 140 120" role="img" aria-label="Payment failed illustration">
      <rect x="18" y="24" width="104" height="72" rx="12" fill="#fff1f3" stroke="#ffc6d2" strokeWidth="2" />
      <rect x="18" y="40" width="104" height="12" fill="#ffc6d2" />
      <rect x="30" y="66" width="36" height="8" rx="4" fill="#ffe0e6" />
      <circle cx="100" cy="84" r="22" fill="#e11d48" />
      <path d="M92 76l16 16M108 76l-16 16" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

export function SuccessArt() {
  return (
    <svg width="120" height="120" viewBox="0 0 120 120" role="img" aria-label="Payment verified illustration">
      <circle cx="60" cy="60" r="52" fill="#e6f7f3" />
      <circle cx="60" cy="60" r="38" fill="#03a685" />
      <path
        d="M42 61l12 12 24-26"
        fill="none"
        stroke="#fff"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function PendingArt() {
  return (
    <svg
      width="120"
      height="120"
      viewBox="0 0 120 120"
      role="img"
      aria-label="Payment under verification illustration"
    >
      <circle cx="60" cy="60" r="52" fill="#fff4ed" />
      <circle cx="60" cy="60" r="36" fill="none" stroke="#ff905a" strokeWidth="7" />
      <path
        d="M60 40v21l13 9"
        fill="none"
        stroke="#ff905a"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
