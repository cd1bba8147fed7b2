/**
 * The line format of the built-in blog articles: a line starting
 * "## " or "### " is a heading, a line that is bold and nothing else ("**…**") is a sub-heading,
 * "- " lines are list items (consecutive ones form one list), any other non-blank line is a
 * paragraph. Inline "**…**" inside a paragraph or item is bold.
 */
export type Block = { kind: 'h2' | 'h3' | 'subheading' | 'p'; text: string } | { kind: 'list'; items: string[] };

const BOLD_ONLY = /^\*\*([^*]+)\*\*$/;

export function parseBlocks(content: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('### ')) blocks.push({ kind: 'h3', text: line.slice(4).trim() });
    else if (line.startsWith('## ')) blocks.push({ kind: 'h2', text: line.slice(3).trim() });
    else if (BOLD_ONLY.test(line)) blocks.push({ kind: 'subheading', text: BOLD_ONLY.exec(line)![1].trim() });
    else if (line.startsWith('- ')) {
      const last = blocks[blocks.length - 1];
      const item = line.slice(2).trim();
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else blocks.push({ kind: 'p', text: line });
  }
  return blocks;
}

export interface Segment {
  text: string;
  bold: boolean;
}

/** Splits "a **b** c" into plain and bold runs; an unpaired "**" stays as text. */
export function splitBold(text: string): Segment[] {
  const segments: Segment[] = [];
  const re = /\*\*([^*]+)\*\*/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > at) segments.push({ text: text.slice(at, m.index), bold: false });
    segments.push({ text: m[1], bold: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) segments.push({ text: text.slice(at), bold: false });
  return segments;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function inlineHtml(text: string): string {
  return splitBold(text)
    .map((s) => (s.bold ? `<strong>${escapeHtml(s.text)}</strong>` : escapeHtml(s.text)))
    .join('');
}

/** The same blocks as article HTML (used when the library is imported as News & Views articles). */
export function blocksToHtml(blocks: Block[]): string {
  return blocks
    .map((b) => {
      switch (b.kind) {
        case 'h2':
          return `<h2>${inlineHtml(b.text)}</h2>`;
        case 'h3':
          return `<h3>${inlineHtml(b.text)}</h3>`;
        case 'subheading':
          return `<h4>${inlineHtml(b.text)}</h4>`;
        case 'list':
          return `<ul>${b.items.map((i) => `<li>${inlineHtml(i)}</li>`).join('')}</ul>`;
        default:
          return `<p>${inlineHtml(b.text)}</p>`;
      }
    })
    .join('\n');
}
