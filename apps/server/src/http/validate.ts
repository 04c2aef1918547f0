import type { z } from 'zod';
import { describeZodError } from '@bazaar/shared';
import { badRequest } from './errors';

/** Parses request input with a shared zod schema; a mismatch is a 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}
