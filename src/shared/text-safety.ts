/**
 * Text that no database column can hold: PostgreSQL refuses a NUL in text, and a lone UTF-16
 * surrogate half has no UTF-8 form (the driver would silently store U+FFFD in its place).
 * Requests carrying either are refused at the door (docs/decisions/0021), so nothing deeper meets them.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** True when a parsed JSON value holds unstorable text in any string, key or nested value. */
export function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => !isStorableText(key) || hasUnstorableText(v));
  }
  return false;
}
