import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors';

export const NUL_REFUSAL = 'Text must not contain NUL characters';
const MAX_DEPTH = 32;

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_DEPTH)
    return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * PostgreSQL cannot store U+0000 in text (the driver's error would surface as a 500), SQLite would store it
 * and truncate it in C code, and no real input contains it: refuse it in the path, query or body of any route.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(NUL_REFUSAL, 'INVALID_CHARACTERS');
    }
  });
}
