import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A friendly empty or not-found block: icon in a soft circle, title, a line of help and an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className = '',
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-center px-4 py-12 text-center ${className}`}>
      <span className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon className="h-9 w-9" aria-hidden="true" />
      </span>
      <h2 className="mt-5 text-xl font-bold text-ink-900">{title}</h2>
      {description && <p className="mt-2 max-w-md text-sm text-ink-500">{description}</p>}
      {action && <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}
