import type { ReactNode } from 'react';

/** The navy band at the top of a page with its one <h1>. */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="bg-navy-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {subtitle && <p className="mt-2 max-w-2xl text-base text-navy-100 sm:text-lg">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
