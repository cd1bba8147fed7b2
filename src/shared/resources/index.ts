export type { BlogArticle } from './types';
export { BLOG_ARTICLES, findBlogArticle } from './articles';
export { parseBlocks, splitBold, blocksToHtml, type Block } from './blocks';
