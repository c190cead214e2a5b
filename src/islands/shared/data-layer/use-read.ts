import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import type { Read } from '../../../lib/api/operations/operation.ts';
import type { ApiClientError } from '../../../lib/api/api-client.ts';
import { queries, type FetcherValue } from './queries.ts';

/**
 * The answer of a read that follows a component's props or state (a page of a list, a season):
 * `{ data?, error?, loading }`, from the page's cache when the same read was answered recently, and
 * never an older read's answer in place of the current one. For reads that do not depend on a
 * component, make a store once with `queries.read` instead.
 */
export function useRead<T>(operation: Read<T> | null): FetcherValue<T, ApiClientError> {
  const [$operation] = useState(() => atom(operation));
  const [$answer] = useState(() => queries.read($operation));
  // a new read when its address changes (the same address is the same read)
  const path = operation?.path;
  useEffect(() => $operation.set(operation), [path]);
  return useStore($answer);
}
