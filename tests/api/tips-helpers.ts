import type { HttpClient } from '../support/http-client';

/** A complete, valid body for POST /api/secure-content-upload. */
export function tipsBody(overrides: Record<string, unknown> = {}) {
  return {
    nap: 'Northern Star – 2:10 Ascot',
    nb: 'Harbour Light – 3:15 Haydock',
    longshot: 'Long Road – 4:00 Ascot',
    multiple1: 'Lucky 15: Northern Star, Harbour Light, Copper Coast, Silent Witness',
    multiple2: 'Trixie: Northern Star, Harbour Light, Long Road',
    multiple3: '',
    multiple4: '',
    dailyPreview: '<p>Good to soft at <strong>Ascot</strong>.</p>',
    bannerDate: 'Tuesday 14 July 2026',
    // The multiples name horses on no card: published as not proofed.
    confirmUnproofedLegs: true,
    ...overrides,
  };
}

export async function publish(admin: HttpClient, overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/secure-content-upload', tipsBody(overrides));
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.text}`);
  return res;
}

/** A small but real-looking PDF (only its opening bytes matter to the server). */
/** A whole one-page PDF (pdf-lib reads it), padded with `extra` spaces between its objects. */
export function pdfBytes(extra = 0): Uint8Array {
  const head =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const bytes = new Uint8Array(head.length + extra + tail.length);
  bytes.set(new TextEncoder().encode(head), 0);
  bytes.fill(0x20, head.length, head.length + extra);
  bytes.set(new TextEncoder().encode(tail), head.length + extra);
  return bytes;
}

export function pdfForm(bytes: Uint8Array | null, date: string | null, name = 'guide.pdf', type = 'application/pdf') {
  const form = new FormData();
  if (date !== null) form.append('date', date);
  if (bytes) form.append('pdf', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return form;
}
