/**
 * Pure helpers for daily tips and the back catalogue, shared by the admin form, the tips pages
 * and the server.
 */
import { MONTHS } from './london-time';

export const DEFAULT_BET_TYPE = 'Lucky 15';

/** The banner date's fallback when no banner has been published. */
export const SAMPLE_BANNER_DATE = 'Saturday 1 March 2025';

export interface MultipleParts {
  label: string;
  description: string;
}

/**
 * "Bet type: selections" split on the first colon; without a colon the whole text is the
 * description and the label is "Lucky 15". Null when there is nothing to show.
 */
export function splitMultiple(text: string | null | undefined): MultipleParts | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  const at = value.indexOf(':');
  if (at < 0) return { label: DEFAULT_BET_TYPE, description: value };
  const label = value.slice(0, at).trim() || DEFAULT_BET_TYPE;
  const description = value.slice(at + 1).trim();
  return { label, description };
}

/** What the admin form sends for a multiple: "header: selections", or '' without selections. */
export function composeMultiple(header: string, selections: string): string {
  const body = selections.trim();
  if (!body) return '';
  return `${header.trim() || DEFAULT_BET_TYPE}: ${body}`;
}

/** True when the preview is HTML (from the editor) rather than plain text. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i.test(text);
}

/** Plain-text preview: blank lines separate paragraphs; single line breaks stay inside one. */
export function plainTextParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** "2026-11" of a YYYY-MM-DD day. */
export function monthKey(isoDay: string): string {
  return isoDay.slice(0, 7);
}

/** "November 2026" of a "2026-11" month key. */
export function monthLabel(key: string): string {
  const [y, m] = key.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

export interface CatalogueMonth<T> {
  key: string; // YYYY-MM
  label: string; // "November 2026"
  entries: T[];
}

export interface CatalogueYear<T> {
  year: string;
  months: CatalogueMonth<T>[];
}

/**
 * Back catalogue grouped by year then month, newest first throughout; within a day
 * the order given is kept (the server sends newest first).
 */
export function groupCatalogue<T extends { date: string }>(entries: readonly T[]): CatalogueYear<T>[] {
  const sorted = [...entries].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const years: CatalogueYear<T>[] = [];
  for (const entry of sorted) {
    const year = entry.date.slice(0, 4);
    const key = monthKey(entry.date);
    let y = years.at(-1);
    if (!y || y.year !== year) {
      y = { year, months: [] };
      years.push(y);
    }
    let m = y.months.at(-1);
    if (!m || m.key !== key) {
      m = { key, label: monthLabel(key), entries: [] };
      y.months.push(m);
    }
    m.entries.push(entry);
  }
  return years;
}

/** Title of the archive entry made from a day's tips. */
export function tipsEntryTitle(longDay: string): string {
  return `Daily Tips – ${longDay}`;
}

/** Title of the archive entry made from an uploaded PDF guide. */
export function pdfEntryTitle(longDay: string): string {
  return `Daily Guide – ${longDay}`;
}

/** The address a back-catalogue PDF opens at, with the spec's cache-busting parameters v, r, mobile. */
export function attachedAssetUrl(filename: string, opts: { version: number; random: string; mobile: boolean }): string {
  const q = new URLSearchParams({ v: String(opts.version), r: opts.random, mobile: String(opts.mobile) });
  return `/attached-assets/${encodeURIComponent(filename)}?${q.toString()}`;
}
