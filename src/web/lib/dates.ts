const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** "22 November 2026" (en-GB long, London calendar); null for a missing or unparseable value. */
export function formatLongDate(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return longDate.format(d);
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
let londonParts: Intl.DateTimeFormat | undefined;

/**
 * "22 Nov 2026, 08:05" in London time. Assembled from numeric parts: ICU versions (Node's, the
 * browser's) disagree on the separators of a formatted date-time, and a server-rendered page must
 * read the same once hydrated.
 */
export function formatLondonDateTime(value: string | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  londonParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(londonParts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${Number(p.day)} ${SHORT_MONTHS[Number(p.month) - 1]} ${p.year}, ${p.hour}:${p.minute}`;
}
