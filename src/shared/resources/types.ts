/** A built-in blog article: shared data, not stored in the database. */
type BlogCategory = 'strategy' | 'analysis' | 'methodology';

export interface BlogArticle {
  id: number;
  title: string;
  slug: string;
  category: BlogCategory;
  excerpt: string;
  /** Lines in the format of blocks.ts. */
  content: string;
  /** YYYY-MM-DD. */
  createdAt: string;
}
