import { zipOf } from './race-day';

/**
 * Race verdict documents (.docx) made in code, so no binary is committed: the minimal parts Word
 * writes (content types, relationships, styles with Heading 1, the document), zipped by hand.
 */
export interface VerdictSpec {
  heading: string;
  paragraphs: string[];
  /** How the race line is marked: a Heading 1 paragraph (default) or a bold line. */
  style?: 'heading' | 'bold' | 'plain';
}

export interface VerdictDocOptions {
  /** Paragraphs before the first race (a title, an intro). */
  preamble?: string[];
  /** Adds a hyperlink relationship with TargetMode="External". */
  externalLink?: boolean;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function paragraph(text: string, style: VerdictSpec['style'] | 'body'): string {
  const pPr = style === 'heading' ? '<w:pPr><w:pStyle w:val="Heading1"/></w:pPr>' : '';
  const rPr = style === 'bold' ? '<w:rPr><w:b/></w:rPr>' : '';
  return `<w:p>${pPr}<w:r>${rPr}<w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
}

export function verdictDocx(sections: VerdictSpec[], opts: VerdictDocOptions = {}): Buffer {
  const body = [
    ...(opts.preamble ?? []).map((p) => paragraph(p, 'body')),
    ...sections.flatMap((s) => [
      paragraph(s.heading, s.style ?? 'heading'),
      ...s.paragraphs.map((p) => paragraph(p, 'body')),
    ]),
    opts.externalLink ? '<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>more</w:t></w:r></w:hyperlink></w:p>' : '',
  ].join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>`;
  const link = opts.externalLink
    ? '<Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="http://example.invalid/x" TargetMode="External"/>'
    : '';
  const docRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>${link}</Relationships>`;
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/></w:style></w:styles>`;
  const types = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;
  const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(types) },
    { name: '_rels/.rels', data: Buffer.from(rootRels) },
    { name: 'word/document.xml', data: Buffer.from(document) },
    { name: 'word/_rels/document.xml.rels', data: Buffer.from(docRels) },
    { name: 'word/styles.xml', data: Buffer.from(styles) },
  ]);
}

/** The multipart form of stage 2 (the file field is `{surname}Verdict`). */
export function verdictForm(
  bytes: Uint8Array | null,
  targetTab: string | null,
  surname: string,
  filename = 'verdicts.docx',
): FormData {
  const form = new FormData();
  if (targetTab !== null) form.append('targetTab', targetTab);
  if (bytes) form.append(`${surname}Verdict`, new Blob([new Uint8Array(bytes)]), filename);
  return form;
}
