/**
 * The key-value storage the WalletConnect SDK asks for, kept in a Map.
 *
 * The SDK's Node default is a database file in the working directory: a dev wallet must not leave
 * files behind in whatever folder `npm start` ran from, and must start clean each time (sessions
 * from an earlier run would point at a relay that has forgotten them).
 */
export class MemoryKeyValueStorage {
  private readonly items = new Map<string, unknown>()

  /** All keys. */
  async getKeys(): Promise<string[]> {
    return [...this.items.keys()]
  }

  /** All entries, as copies. */
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.items.entries()].map(([key, value]) => [key, structuredClone(value) as T])
  }

  /**
   * One item, as a copy: a real store returns fresh objects, and the SDK mutates what it reads.
   *
   * @param key - Storage key.
   */
  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    const value = this.items.get(key)
    return value === undefined ? undefined : (structuredClone(value) as T)
  }

  /**
   * Stores a copy of `value`.
   *
   * @param key - Storage key.
   * @param value - Any structured-cloneable value.
   */
  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.items.set(key, structuredClone(value))
  }

  /**
   * Deletes an item (no error if absent).
   *
   * @param key - Storage key.
   */
  async removeItem(key: string): Promise<void> {
    this.items.delete(key)
  }
}
