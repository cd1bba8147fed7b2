import { useMemo } from 'react';
import { sanitizeArticleHtml, sanitizeSummaryHtml } from './sanitize';

/** Admin HTML, sanitised again in the browser with the same allow-lists before it touches the page. */
export function SafeHtml({
  html,
  kind,
  className,
}: {
  html: string | null | undefined;
  kind: 'article' | 'summary';
  className?: string;
}) {
  const clean = useMemo(
    () => (kind === 'article' ? sanitizeArticleHtml(html) : sanitizeSummaryHtml(html)),
    [html, kind],
  );
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
