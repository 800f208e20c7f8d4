/** Read-only keyed access: what the indexes need of a map. */
export interface Lookup<K, V> {
  get(key: K): V | undefined;
}

/**
 * `top` laid over `base`: a key of `top` hides the same key of `base`. Costs nothing to make,
 * whatever the size of `base`: how an extended corpus index shares the shipped index's maps.
 */
export function layered<K, V>(base: Lookup<K, V>, top: ReadonlyMap<K, V>): Lookup<K, V> {
  if (top.size === 0) return base;
  return {
    get: (key: K) => {
      const value = top.get(key);
      return value !== undefined || top.has(key) ? value : base.get(key);
    },
  };
}
