import { NewsAndViewsAdmin } from '#web/features/articles/admin/news-and-views-admin';

/** The News & Views tab: upload and manage articles (built in features/articles/admin). */
export function NewsAndViewsTab() {
  return <NewsAndViewsAdmin />;
}
