import type { TopicBounds, TopicSize } from './RelayMessageStore.js'

/** Topics whose size {@link RelayTopicSizes} remembers at most (about 100 bytes each). */
export const MAX_TRACKED_TOPICS = 50_000

/**
 * What each recently written topic holds in the database, as far as this process knows, so the
 * relay trims a topic (a database statement) only when a write may have taken it past its
 * bounds, instead of after every write.
 *
 * A figure starts from the database (what a trim left) and grows with this process's writes.
 * Everything else that changes a topic only deletes (expiry, retention, a client's quota), so a
 * figure can only be too high, and a figure too high costs a trim that finds nothing to delete
 * and resets it to the truth. The one thing that adds behind its back is another server process
 * writing the same topic: its announcement makes this process {@link RelayTopicSizes.forget}
 * the topic (trimmed on its next write). Beyond {@link MAX_TRACKED_TOPICS}, the topics trimmed
 * longest ago are forgotten (again, a trim on their next write).
 */
export class RelayTopicSizes {
  // Insertion order is that of the last trim: the first entries are the longest untrimmed.
  private readonly sizes = new Map<string, TopicSize>()
  // Topics handed out by add() whose trim has not been set() yet, and those of them forgotten in
  // between: what that trim read may predate the other process's write, so it is not kept.
  private readonly trimming = new Set<string>()
  private readonly forgottenWhileTrimming = new Set<string>()

  /**
   * @param bounds - What a topic may hold.
   * @param maxTopics - Topics remembered at most.
   */
  constructor(
    private readonly bounds: TopicBounds,
    private readonly maxTopics = MAX_TRACKED_TOPICS
  ) {}

  /** Topics remembered. */
  get size(): number {
    return this.sizes.size
  }

  /**
   * Counts messages just written and says which topics must be trimmed: those not known, and
   * those the new messages may have taken past the bounds.
   *
   * @param written - The new messages' topics and sizes (duplicates that were not stored left out).
   * @returns The topics to trim (then pass what the trim left to {@link RelayTopicSizes.set}).
   */
  add(written: ReadonlyArray<{ topic: string; bytes: number }>): string[] {
    const toTrim = new Set<string>()
    for (const { topic, bytes } of written) {
      const size = this.sizes.get(topic)
      if (!size) {
        toTrim.add(topic)
        continue
      }
      size.messages++
      size.bytes += bytes
      // The same rule as the store's trim: the newest message always stays.
      if (size.messages > this.bounds.maxMessages || (size.messages > 1 && size.bytes > this.bounds.maxBytes)) toTrim.add(topic)
    }
    for (const topic of toTrim) this.trimming.add(topic)
    return [...toTrim]
  }

  /**
   * Records what trimmed topics hold now.
   *
   * @param trimmed - The topics that were trimmed.
   * @param left - What they hold after the trim (a topic missing from it holds nothing).
   */
  set(trimmed: readonly string[], left: ReadonlyMap<string, TopicSize>): void {
    for (const topic of trimmed) {
      this.sizes.delete(topic)
      this.trimming.delete(topic)
      // Another process wrote to it during the trim: left unknown, trimmed again on its next write.
      if (this.forgottenWhileTrimming.delete(topic)) continue
      this.sizes.set(topic, left.get(topic) ?? { messages: 0, bytes: 0 })
    }
    for (const oldest of this.sizes.keys()) {
      if (this.sizes.size <= this.maxTopics) break
      this.sizes.delete(oldest)
    }
  }

  /** Forgets topics whose trim failed: their next write trims them. */
  trimFailed(topics: readonly string[]): void {
    for (const topic of topics) {
      this.sizes.delete(topic)
      this.trimming.delete(topic)
      this.forgottenWhileTrimming.delete(topic)
    }
  }

  /** Forgets topics another process wrote to: their next write here trims them. */
  forget(topics: Iterable<string>): void {
    for (const topic of topics) {
      this.sizes.delete(topic)
      if (this.trimming.has(topic)) this.forgottenWhileTrimming.add(topic)
    }
  }
}
