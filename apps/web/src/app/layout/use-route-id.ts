import { useMatches } from 'react-router';

/** The id (spec route name) of the deepest matched route. */
export function useRouteId(): string {
  const matches = useMatches();
  return matches[matches.length - 1]?.id ?? '';
}
