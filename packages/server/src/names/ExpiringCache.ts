/**
 * A bounded map of values that expire, sharing one lookup per key while it is in flight: a page
 * asking the same name twenty times at once costs one lookup. Failed lookups are not kept (the
 * next caller tries again). When full, the oldest entry goes first.
 *
 * @example
 * ```ts
 * const cache = new ExpiringCache<string | null>(10_000)
 * const name = await cache.get('0xabc', 300_000, () => lookUp('0xabc'))
 * ```
 */
export class ExpiringCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>()

  /**
   * @param maxEntries - Most keys kept.
   * @param now - The clock (tests move it).
   */
  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now
  ) {}

  /**
   * The value of `key`: the kept one while it is fresh, else `load()`'s (kept `ttlMs`, or what
   * `ttlOf` says for that value, e.g. shorter for "not found").
   *
   * @param key - The key.
   * @param ttlMs - How long a loaded value stays.
   * @param load - Loads the value; a rejection is passed on and not kept.
   * @param ttlOf - Optional lifetime by value.
   */
  get(key: string, ttlMs: number, load: () => Promise<T>, ttlOf?: (value: T) => number): Promise<T> {
    const kept = this.entries.get(key)
    if (kept && kept.expires > this.now()) return kept.value
    if (kept) this.entries.delete(key)
    const value = load()
    // In flight: shared until it settles; then kept for its lifetime, or dropped if it failed.
    const entry = { value, expires: Number.POSITIVE_INFINITY }
    this.entries.set(key, entry)
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    value.then(
      v => {
        entry.expires = this.now() + (ttlOf ? ttlOf(v) : ttlMs)
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key)
      }
    )
    return value
  }

  /** How many keys are kept. */
  get size(): number {
    return this.entries.size
  }
}
