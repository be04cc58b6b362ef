/**
 * `compute` remembered per distinct string, for request headers that repeat
 * on nearly every request (Accept-Encoding, Accept-Language): each value is
 * worked out once. At most `max` values are remembered; then the memory
 * starts over, so a client sending a new value each time costs only
 * `compute`, and never memory.
 */
export function memoByString<T>(compute: (value: string) => T, max: number): (value: string) => T {
  const known = new Map<string, T>();
  return (value) => {
    if (known.has(value)) return known.get(value) as T;
    const result = compute(value);
    if (known.size >= max) known.clear();
    known.set(value, result);
    return result;
  };
}
