/**
 * Social network glyphs drawn inline (lucide no longer ships brand logos). The shop has no public profiles yet,
 * so these are decorative only: the footer renders them without links.
 */
const glyphs = {
  Facebook: (
    <path
      d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4v2.2H7.7v3h2.6V21z"
      fill="currentColor"
    />
  ),
  Instagram: (
    <>
      <rect
        x="3.5"
        y="3.5"
        width="17"
        height="17"
        rx="5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="17.2" cy="6.8" r="1.1" fill="currentColor" />
    </>
  ),
  X: (
    <path d="M4 4h4.6l4 5.6L17.4 4H20l-6.1 7.1L20.4 20h-4.6l-4.3-6-5.2 6H3.7l6.6-7.6z" fill="currentColor" />
  ),
  YouTube: (
    <>
      <rect
        x="2.5"
        y="5.5"
        width="19"
        height="13"
        rx="4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path d="M10 9v6l5-3z" fill="currentColor" />
    </>
  ),
} as const;

export type SocialNetwork = keyof typeof glyphs;
export const SOCIAL_NETWORKS = Object.keys(glyphs) as SocialNetwork[];

export function SocialIcon({
  network,
  className = 'h-4 w-4',
}: {
  network: SocialNetwork;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      {glyphs[network]}
    </svg>
  );
}
