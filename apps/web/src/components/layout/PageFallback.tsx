/** Spec: while a page loads, the fallback text is 'loading...'. */
export function PageFallback() {
  return (
    <div
      className="container-page flex min-h-[50vh] items-center justify-center text-ink-500"
      role="status"
      aria-live="polite"
    >
      loading...
    </div>
  );
}
