import { ButtonLink } from '#web/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-6xl font-extrabold text-navy-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-navy-900 sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" className="mt-6">
        Go to the home page
      </ButtonLink>
    </div>
  );
}
