import { Crown } from 'lucide-react';
import { CATEGORY_LABELS } from '#shared/article-labels';
import type { Article } from '#shared/schemas/articles';

/** An article's category as a pill. */
export function CategoryBadge({ category }: { category: Article['category'] }) {
  return (
    <span className="inline-flex items-center rounded-full bg-navy-100 px-3 py-1 text-xs font-semibold text-navy-900">
      {CATEGORY_LABELS[category]}
    </span>
  );
}

/** Marks a members-only article in lists and on its page. */
export function PremiumBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-gold-400 px-3 py-1 text-xs font-semibold text-navy-950">
      <Crown className="h-3.5 w-3.5" aria-hidden="true" />
      Premium
    </span>
  );
}
