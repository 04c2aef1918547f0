/**
 * Illustrations for the static pages, drawn as inline SVG so the pages need no images from the network.
 * Colours come from the design tokens through Tailwind fill/stroke classes.
 */

const svgProps = { 'aria-hidden': true, focusable: false } as const;

/** A kurta, a draped saree, a sneaker and a lipstick on soft circles: the shop's range at a glance. */
export function FashionCollage({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 320" className={className} {...svgProps}>
      <circle cx="130" cy="150" r="110" className="fill-brand-100" />
      <circle cx="290" cy="190" r="90" className="fill-brand-50" />
      <circle cx="320" cy="70" r="36" className="fill-amber-100" />
      {/* kurta */}
      <path
        d="M95 60 l30 -14 h20 l30 14 l26 44 l-22 12 l-14 -22 v150 h-80 v-150 l-14 22 l-22 -12 z"
        className="fill-brand-600"
      />
      <path d="M125 46 q10 22 20 0" className="fill-none stroke-white" strokeWidth="4" />
      <path
        d="M135 60 v70"
        className="stroke-white/70"
        strokeWidth="3"
        strokeDasharray="2 8"
        strokeLinecap="round"
      />
      <path d="M95 240 h80" className="stroke-amber-300" strokeWidth="6" />
      {/* saree drape */}
      <path d="M230 80 q40 -20 70 0 l20 170 q-55 20 -110 0 z" className="fill-amber-400" />
      <path d="M300 80 l20 170 q-25 8 -45 8 l-10 -150 z" className="fill-brand-700" />
      <path d="M215 240 q55 20 110 0" className="fill-none stroke-brand-800" strokeWidth="6" />
      {/* sneaker */}
      <path
        d="M40 270 q0 -26 22 -30 l30 -4 q12 14 36 14 l40 8 q20 4 20 18 v8 h-148 z"
        className="fill-ink-900"
      />
      <path d="M40 284 h148" className="stroke-white" strokeWidth="6" />
      <path d="M70 246 l6 12 M84 244 l6 12 M98 246 l6 12" className="stroke-white" strokeWidth="3" />
      {/* lipstick */}
      <rect x="340" y="230" width="24" height="44" rx="4" className="fill-ink-700" />
      <path d="M344 230 v-22 l16 -10 v32 z" className="fill-brand-500" />
    </svg>
  );
}

/** An envelope with a speech bubble and a phone: for the contact page hero. */
export function ContactIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 240" className={className} {...svgProps}>
      <circle cx="160" cy="120" r="100" className="fill-white/10" />
      <rect x="70" y="80" width="150" height="100" rx="12" className="fill-white" />
      <path
        d="M70 92 l75 55 l75 -55"
        className="fill-none stroke-brand-600"
        strokeWidth="6"
        strokeLinejoin="round"
      />
      <path
        d="M200 40 h90 a14 14 0 0 1 14 14 v40 a14 14 0 0 1 -14 14 h-60 l-20 18 v-18 h-10 a14 14 0 0 1 -14 -14 v-40 a14 14 0 0 1 14 -14 z"
        className="fill-amber-300"
      />
      <circle cx="225" cy="74" r="6" className="fill-ink-900" />
      <circle cx="245" cy="74" r="6" className="fill-ink-900" />
      <circle cx="265" cy="74" r="6" className="fill-ink-900" />
      <rect x="28" y="130" width="46" height="82" rx="10" className="fill-ink-900" />
      <rect x="34" y="140" width="34" height="56" rx="4" className="fill-brand-300" />
      <circle cx="51" cy="204" r="3" className="fill-white" />
    </svg>
  );
}

/** An empty hanger with a question mark: for the not-found page. */
export function LostHanger({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 200" className={className} {...svgProps}>
      <circle cx="120" cy="110" r="86" className="fill-brand-50" />
      <path
        d="M120 40 a16 16 0 1 1 16 16 q-16 4 -16 18 v6"
        className="fill-none stroke-ink-700"
        strokeWidth="7"
        strokeLinecap="round"
      />
      <path
        d="M120 80 l-84 52 q-8 6 2 10 h164 q10 -4 2 -10 z"
        className="fill-none stroke-ink-900"
        strokeWidth="7"
        strokeLinejoin="round"
      />
      <text
        x="120"
        y="128"
        textAnchor="middle"
        className="fill-brand-600 font-display"
        fontSize="34"
        fontWeight="700"
      >
        ?
      </text>
    </svg>
  );
}
