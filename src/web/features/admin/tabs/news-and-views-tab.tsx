import { NewsAndViewsAdmin } from '#web/features/articles/admin/news-and-views-admin';

/** Spec 02 §2.6 B: upload and manage articles (built in features/articles/admin). */
export function NewsAndViewsTab() {
  return <NewsAndViewsAdmin />;
}
