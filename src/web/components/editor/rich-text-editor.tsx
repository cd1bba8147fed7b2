import { useMemo, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  RemoveFormatting,
  Underline as UnderlineIcon,
} from 'lucide-react';
import { ALLOWED_URI_SCHEMES } from '#shared/sanitize-lists';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { cn } from '#web/lib/cn';
import { PROSE } from '#web/lib/prose';

export interface RichTextEditorProps {
  /** Initial HTML; the editor owns the text after that (remount with a key to load another). */
  value: string;
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
}

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()} // keep the editor's selection
      onClick={onClick}
      className={cn(
        'inline-flex h-10 w-10 items-center justify-center rounded-md text-navy-900 hover:bg-navy-100',
        active && 'bg-navy-900 text-white hover:bg-navy-800',
      )}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      ordered: e.isActive('orderedList'),
      bullet: e.isActive('bulletList'),
      left: e.isActive({ textAlign: 'left' }),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      justify: e.isActive({ textAlign: 'justify' }),
      link: e.isActive('link'),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('');
  const chain = () => editor.chain().focus();

  function openLink() {
    const href: unknown = editor.getAttributes('link').href;
    setUrl(typeof href === 'string' ? href : '');
    setLinkOpen((o) => !o);
  }
  function applyLink() {
    const href = url.trim();
    if (!href) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  }

  return (
    <div className="border-b border-slate-300 bg-slate-50">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-0.5 p-1">
        <ToolButton label="Heading 1" active={state.h1} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
          <Heading1 className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Heading 2" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2 className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Heading 3" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <Heading3 className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
          <Bold className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
          <UnderlineIcon className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrdered className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Bullet list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
          <List className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Align left" active={state.left} onClick={() => chain().setTextAlign('left').run()}>
          <AlignLeft className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Align centre" active={state.center} onClick={() => chain().setTextAlign('center').run()}>
          <AlignCenter className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Align right" active={state.right} onClick={() => chain().setTextAlign('right').run()}>
          <AlignRight className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Justify" active={state.justify} onClick={() => chain().setTextAlign('justify').run()}>
          <AlignJustify className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Link" active={state.link || linkOpen} onClick={openLink}>
          <Link2 className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Clear formatting"
          onClick={() => chain().unsetAllMarks().clearNodes().unsetTextAlign().run()}
        >
          <RemoveFormatting className="h-5 w-5" aria-hidden="true" />
        </ToolButton>
      </div>
      {linkOpen && (
        <div className="flex flex-col gap-2 border-t border-slate-200 p-2 sm:flex-row sm:items-center">
          <Input
            aria-label="Link URL"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
            }}
          />
          <div className="flex gap-2">
            <Button size="sm" onClick={applyLink}>
              Apply link
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinkOpen(false);
              }}
            >
              Remove link
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

// Built once: useEditor compares options on every render and would otherwise see new ones.
const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    code: false,
    codeBlock: false,
    strike: false,
    link: { openOnClick: false, autolink: true, protocols: [...ALLOWED_URI_SCHEMES], defaultProtocol: 'https' },
  }),
  TextAlign.configure({ types: ['heading', 'paragraph'] }),
];
const contentClass = cn(PROSE, 'h-[400px] overflow-y-auto px-4 py-3 outline-none');

/**
 * The article editor (toolbar: headers 1–3, bold, italic, underline, ordered and
 * bullet lists, align, link, clean; 400 px high). Loaded only when an admin opens the form.
 */
export default function RichTextEditor({ value, onChange, label }: RichTextEditorProps) {
  const [initialContent] = useState(value);
  const editorProps = useMemo(
    () => ({ attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: contentClass } }),
    [label],
  );
  const editor = useEditor({
    extensions,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  return (
    <div className="overflow-hidden rounded-md border border-slate-400 bg-white focus-within:ring-2 focus-within:ring-navy-700">
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}
