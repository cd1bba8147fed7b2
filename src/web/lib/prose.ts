import { cn } from './cn';

/** Readable article typography without a plugin (articles and the rich-text editor): spacing, headings, lists, quotes, links. */
export const PROSE = cn(
  'text-base leading-relaxed text-slate-800 break-words',
  '[&_p]:my-3 [&_h1]:mb-3 [&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-navy-900',
  '[&_h2]:mb-3 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-navy-900',
  '[&_h3]:mb-2 [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-navy-900',
  '[&_h4]:mb-2 [&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-navy-900 [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-gold-400 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_a]:font-semibold [&_a]:text-navy-700 [&_a]:underline [&_a]:underline-offset-4',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md [&_hr]:my-6 [&_hr]:border-slate-200',
);
