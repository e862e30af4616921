/** Count endpoints answer a number in data; tolerate {count}/{total} wrappers. */
export function countOf(data: unknown): number {
  if (typeof data === 'number') return data;
  if (typeof data === 'string') return Number(data) || 0;
  if (data && typeof data === 'object') {
    const o = data as { count?: unknown; total?: unknown };
    return Number(o.count ?? o.total ?? 0) || 0;
  }
  return 0;
}
