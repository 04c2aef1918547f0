import type { ReactNode } from 'react';

/** The common frame of a page: a title, an optional subtitle, and the page's content. */
export function PageFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <section className="container-page py-8 lg:py-12">
      <h1 className="text-2xl font-bold text-ink-900 lg:text-3xl">{title}</h1>
      {subtitle && <p className="mt-2 text-ink-500">{subtitle}</p>}
      {children && <div className="mt-6">{children}</div>}
    </section>
  );
}
