/**
 * Reading values whose type is not known yet (parsed JSON, a string from an address or a form)
 * by checking them, instead of asserting a type (`x as T`) that nothing checks.
 */

/** Whether `value` is one of the list's members; narrows it to their type. */
export function isOneOf<const T>(list: readonly T[], value: unknown): value is T {
  return list.some((member) => member === value);
}

/** Whether `key` is one of the record's own keys; narrows it to their type. */
export function hasKey<K extends string>(record: Readonly<Record<K, unknown>>, key: string): key is K {
  return Object.hasOwn(record, key);
}

/** The record's own keys, typed as its keys. */
export function keysOf<K extends string>(record: Readonly<Record<K, unknown>>): K[] {
  return Object.keys(record).filter((key) => hasKey(record, key));
}

/** A record with one entry per key of the list, each made by `value`. */
export function recordOf<const K extends PropertyKey, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  // Every key of the list gets its entry, which is what Record<K, V> promises.
  return Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;
}

/** Whether the value is an object (a parsed JSON object or array), so its fields can be read. */
export function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** A field of a value of unknown shape (parsed JSON): undefined when the value is no object. */
export function fieldOf(value: unknown, key: string): unknown {
  return isObject(value) ? Reflect.get(value, key) : undefined;
}

/** A field that must be a string (a non-empty one with `nonEmpty`); undefined otherwise. */
export function stringFieldOf(value: unknown, key: string, { nonEmpty = false } = {}): string | undefined {
  const field = fieldOf(value, key);
  return typeof field === 'string' && (!nonEmpty || field !== '') ? field : undefined;
}

/** The strings of a value that should be a list of them: [] when it is no list. */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** What a thrown value says: an Error's message, or the value itself as text. */
export function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/** A thrown value's `code` (Node's 'ENOENT', a driver's SQLSTATE, an SMTP reply's code): undefined when none. */
export function codeOf(thrown: unknown): string | number | undefined {
  const code = fieldOf(thrown, 'code');
  return typeof code === 'string' || typeof code === 'number' ? code : undefined;
}
