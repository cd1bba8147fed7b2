import { lazy, Suspense } from 'react';
import { Skeleton } from '../ui/skeleton';
import type { RichTextEditorProps } from './rich-text-editor';

// The editor (TipTap and ProseMirror) is its own chunk: public pages never download it.
const Editor = lazy(() => import('./rich-text-editor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div role="status" className="rounded-md border border-slate-300">
          <span className="sr-only">Loading editor...</span>
          <Skeleton className="h-[452px] w-full" />
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
