/**
 * Query keys that more than one feature touches: the daily tips are read by the tips feature and
 * refreshed by race previews (processing the daily content rewrites the day's preview). Kept here
 * so neither feature reaches into the other.
 */
export const DAILY_TIPS_KEY = ['/api/daily-tips'] as const;
/** The value board: read by its page, reloaded by the race-card event stream. */
export const VALUE_NOW_KEY = ['/api/value-now'] as const;
