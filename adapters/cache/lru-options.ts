import { LRUCache } from 'lru-cache';

/** How a remembering adapter of this folder is sized and timed. */
export interface LruOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds of the clock expiry is read on; tests pass a clock they move (default: performance.now). */
  now?: () => number;
}

/** An LRU map whose entries expire `ttlMs` after they are set, read at every lookup. */
export function lruWithTtl<K extends {}, V extends {}>(options: LruOptions, defaults: { ttlMs: number; maxEntries: number }): LRUCache<K, V> {
  const now = options.now;
  return new LRUCache<K, V>({
    max: options.maxEntries ?? defaults.maxEntries,
    ttl: options.ttlMs ?? defaults.ttlMs,
    // Expiry read at every lookup (no coarser clock cached between them).
    ttlResolution: 0,
    ...(now && { perf: { now } }),
  });
}
