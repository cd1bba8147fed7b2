import type { ReactNode } from 'react';
import { PageHeader } from '#web/components/page-header';
import { PROSE } from '#web/lib/prose';

/** The legal pages' shared frame: the navy header, then readable text with numbered sections. */
export function LegalPage({
  title,
  subtitle,
  updated,
  children,
}: {
  title: string;
  subtitle: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <article className={`mx-auto max-w-3xl px-4 py-10 ${PROSE}`}>
        <p className="text-sm text-slate-600">Last updated {updated}.</p>
        {children}
      </article>
    </>
  );
}

/** The day the legal pages last changed (the three change together). */
export const LEGAL_UPDATED = '22 November 2026';
