import type { z } from 'zod';
import { badRequest } from './errors';

/** Validates a request part with a shared zod schema; the first problem becomes the 400 message. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const first = result.error.issues[0];
    throw badRequest(first?.message ?? 'Invalid request');
  }
  return result.data;
}
