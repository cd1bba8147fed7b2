import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by the zod schema the server parses the same request with (src/shared/schemas):
 * each field shows its schema message once it has been left (then on every change), and the
 * submit handler receives the schema's output, so what is sent is what the server will accept.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  // The resolver's overloads cannot see through a generic schema; it returns exactly these types.
  const resolver = zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues, mode: 'onTouched' });
}

/** What `useSchemaForm(schema)` returns, for the parts of a form that take it as a prop. */
export type SchemaForm<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>>;
