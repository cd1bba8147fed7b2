import { useEffect } from 'react';
import { Lock } from 'lucide-react';
import { PRICE_MONTHLY_GBP } from '#shared/public-config';
import { ButtonLink } from '#web/components/ui/button';
import { useAuth } from '../auth/api';
import { useArticle } from './api';

/** The in-list premium panel. */
export function MembersOnlyPanel() {
  return (
    <section
      aria-labelledby="members-only-title"
      className="my-6 rounded-xl border-2 border-gold-400 bg-gold-50 p-6 text-center"
    >
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-navy-900 text-gold-400">
        <Lock className="h-6 w-6" aria-hidden="true" />
      </span>
      <h3 id="members-only-title" className="mt-3 text-xl font-bold text-navy-900">
        Premium Content
      </h3>
      <p className="mt-2 text-slate-700">This article is exclusive to VBG members.</p>
      <ButtonLink to="/subscribe" variant="gold" className="mt-4">
        Subscribe £{PRICE_MONTHLY_GBP}/month
      </ButtonLink>
    </section>
  );
}

/** The article page's premium preview panel. */
export function PremiumPreviewPanel() {
  return (
    <section
      aria-labelledby="premium-preview-title"
      className="my-8 rounded-xl border-2 border-gold-400 bg-gold-50 p-6 text-center sm:p-8"
    >
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-navy-900 text-gold-400">
        <Lock className="h-6 w-6" aria-hidden="true" />
      </span>
      <h2 id="premium-preview-title" className="mt-3 text-xl font-bold text-navy-900 sm:text-2xl">
        Premium Content
      </h2>
      <p className="mt-2 text-slate-700">This is premium content available to subscribers only.</p>
      <ButtonLink to="/subscribe" variant="gold" className="mt-5">
        Subscribe to Read Full Article
      </ButtonLink>
    </section>
  );
}

/**
 * An article as this reader may read it. The cache keeps an answer for 5 minutes and nothing
 * refetches on mount, so when access changes (signing in after seeing the preview, or signing
 * out after reading a premium body) the article is fetched again, and `locked` says whether
 * to show the preview meanwhile.
 */
export function useReadableArticle(slug: string, enabled = true) {
  const query = useArticle(slug, enabled);
  const { hasMemberAccess, isLoading: authLoading } = useAuth();
  const { data, refetch, isFetching } = query;
  const premium = data?.contentType === 'premium';
  const heldBody = premium && !data?.isPremiumPreview && data?.content !== undefined;
  const stale = !authLoading && premium && (hasMemberAccess ? data?.isPremiumPreview : heldBody);
  useEffect(() => {
    if (stale && !isFetching) void refetch();
  }, [stale, isFetching, refetch]);
  const locked =
    premium && (Boolean(data?.isPremiumPreview) || data?.content === undefined || (!authLoading && !hasMemberAccess));
  return { ...query, locked };
}
