export type { BlogArticle, BlogCategory } from './types';
export { BLOG_ARTICLES, findBlogArticle } from './articles';
export { parseBlocks, splitBold, blocksToHtml, type Block, type Segment } from './blocks';
