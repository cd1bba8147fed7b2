/**
 * CSV for spreadsheets: every field quoted, and a text field a spreadsheet would read as a formula
 * (starting with =, +, -, @, a tab or a carriage return) written with a leading apostrophe so it
 * stays text. A plain number (a loss such as -5.00) stays a number.
 */
function csvField(value: string): string {
  const number = /^-?\d+(\.\d+)?$/.test(value);
  const safe = !number && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows (the header first) as CSV lines ending in CRLF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
