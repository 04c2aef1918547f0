import { useState } from 'react';
import type { ApiFailure } from './bazaarApi';

/**
 * The failure of a query a component asked for since it mounted, when that call's answer failed. A query hook first
 * shows what is cached, so an earlier visit's failure would otherwise look like this visit's.
 */
export function useFreshFailure(result: {
  isError: boolean;
  error?: unknown;
  startedTimeStamp?: number;
}): ApiFailure | undefined {
  const [mountedAt] = useState(() => Date.now());
  return result.isError && (result.startedTimeStamp ?? 0) >= mountedAt
    ? (result.error as ApiFailure)
    : undefined;
}
