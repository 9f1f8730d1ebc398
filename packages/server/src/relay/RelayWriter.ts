import type { NewRelayMessage, RelayMessage, RelayMessageStore, TopicBounds } from './RelayMessageStore.js'
import { RelayTopicSizes } from './RelayTopicSizes.js'

/** Most messages written in one statement. */
export const MAX_WRITE_BATCH = 500

interface Pending {
  input: NewRelayMessage
  resolve: (stored: RelayMessage | undefined) => void
  reject: (error: unknown) => void
}

/**
 * Writes published messages to the database in groups ("group commit"): while one write runs,
 * the publishes that arrive wait, and the next write takes them all in one statement. Under load
 * this turns hundreds of round trips into one, and when traffic is light a message is written at
 * once, without waiting for company. Each publish resolves once its message is stored (an
 * acknowledged message survives a restart); messages are written, and handed to `onStored`, in
 * the order they were published. A topic is trimmed to its bounds only when a write may have
 * taken it past them (see `RelayTopicSizes`), not after every write.
 */
export class RelayWriter {
  private queue: Pending[] = []
  private running: Promise<void> | undefined
  private readonly sizes: RelayTopicSizes

  /**
   * @param store - Where messages go.
   * @param bounds - What a topic keeps (trimmed after each write).
   * @param onStored - Called with each written group's new messages (not the duplicates), before
   *   their publishes resolve: the relay fans them out from here. It must not throw.
   */
  constructor(
    private readonly store: RelayMessageStore,
    private readonly bounds: TopicBounds,
    private readonly onStored: (messages: RelayMessage[]) => void | Promise<void>
  ) {
    this.sizes = new RelayTopicSizes(bounds)
  }

  /** Topics another server process wrote to: what this one knows of their size is stale. */
  forget(topics: Iterable<string>): void {
    this.sizes.forget(topics)
  }

  /**
   * Queues a message for the next write.
   *
   * @returns The stored message, or undefined for a duplicate (see `RelayMessageStore.saveAll`).
   */
  write(input: NewRelayMessage): Promise<RelayMessage | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject })
      this.kick()
    })
  }

  /** Resolves when everything queued so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  private kick(): void {
    if (this.running) return
    this.running = this.drain().finally(() => {
      this.running = undefined
      // A write queued between the last look at the queue and here.
      if (this.queue.length > 0) this.kick()
    })
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      // Let the frames already received be read first: the embedded database runs its queries
      // on this thread, so without this pause every publish would be written alone.
      await new Promise(resolve => setImmediate(resolve))
      const batch = this.queue.splice(0, MAX_WRITE_BATCH)
      let stored: Array<RelayMessage | undefined>
      try {
        stored = await this.store.saveAll(batch.map(p => p.input))
      } catch (error) {
        for (const p of batch) p.reject(error)
        continue
      }
      const written = stored.filter((m): m is RelayMessage => m !== undefined)
      const toTrim = this.sizes.add(written.map(m => ({ topic: m.topic, bytes: Buffer.byteLength(m.message) })))
      try {
        this.sizes.set(toTrim, await this.store.trim(toTrim, this.bounds))
      } catch (error) {
        // The messages are stored; an untrimmed topic is trimmed by its next write.
        this.sizes.trimFailed(toTrim)
        console.error('wallet-modal-server: relay: trimming topics failed:', error)
      }
      // onStored handles its own failures: the messages are stored either way.
      await this.onStored(written)
      batch.forEach((p, index) => p.resolve(stored[index]))
    }
  }
}
