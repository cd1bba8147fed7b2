import { Construction } from 'lucide-react';
import { PageHeader } from './page-header';
import { ButtonLink } from './ui/button';

/** Placeholder for a page another issue builds; keeps the route table complete meanwhile. */
export function ComingSoon({ title, note }: { title: string; note?: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="mx-auto max-w-6xl px-4 py-10">
        <p className="flex items-center gap-2 text-lg text-slate-700">
          <Construction className="h-5 w-5 text-gold-700" aria-hidden="true" />
          Coming soon
        </p>
        {note && <p className="mt-2 text-sm text-slate-600">{note}</p>}
        <ButtonLink to="/" variant="outline" className="mt-6">
          Back to Home
        </ButtonLink>
      </div>
    </>
  );
}
