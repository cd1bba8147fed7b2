/**
 * Article slugs: made once from the title when the article is created and never changed after
 * (links and shares keep working when a title is edited). Lower-case ASCII words joined by
 * hyphens; never all digits (a number in the path means an id) and never a word the client
 * treats as "no slug".
 */
const SLUG_MAX_LENGTH = 80;
const RESERVED = new Set(['undefined', 'null', 'new', 'admin']);

export function slugify(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  let slug = base.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
  if (!slug) slug = 'article';
  if (/^\d+$/.test(slug) || RESERVED.has(slug)) slug = `article-${slug}`;
  return slug;
}

/** The first of slug, slug-2, slug-3 … that `taken` does not hold. */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A path parameter that names an article by id (digits only). */
export function parseArticleRef(ref: string): { id: number } | { slug: string } {
  const clean = ref.trim();
  if (/^\d{1,9}$/.test(clean)) return { id: Number(clean) };
  return { slug: clean.toLowerCase() };
}
