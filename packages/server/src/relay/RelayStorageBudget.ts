import { JsonRpcError, RPC_ERROR } from './JsonRpcError.js'
import { clientUsageKey, type RelayEviction, type RelayUsage } from './RelayMessageStore.js'

/** Bounds of the relay's stored bytes (message text). */
export interface RelayStorageLimits {
  /** In all. */
  maxStoredBytes: number
  /** Per project (counted to the project whose socket published). */
  maxStoredBytesPerProject: number
  /**
   * Per client of a project (the publishing socket's address key); a client over it loses its
   * own oldest messages instead of being refused. Taken as at most the project's share.
   */
  maxStoredBytesPerClient: number
}

/**
 * Whether another message fits in the relay's storage. The figure is the database's, measured
 * every so often (`RelayHub` does it, also for what other server processes stored), plus what
 * this process stored since, minus what it evicted: exact on one process, and on several it can
 * overshoot by what the others store between two measurements. Other deletions (expiry,
 * trimming) count at the next measurement, so between two the figure errs on the full side.
 */
export class RelayStorageBudget {
  private measured: RelayUsage = { total: 0, byProject: new Map(), byClient: new Map() }
  private added = 0
  private readonly addedByProject = new Map<string, number>()
  private readonly addedByClient = new Map<string, number>()

  /** @param limits - See {@link RelayStorageLimits}. */
  constructor(private readonly limits: RelayStorageLimits) {}

  /** Takes a new measurement; what was added since the last one is in it. */
  measure(usage: RelayUsage): void {
    this.measured = usage
    this.added = 0
    this.addedByProject.clear()
    this.addedByClient.clear()
  }

  /** Bytes stored, as far as this process knows. */
  get total(): number {
    return this.measured.total + this.added
  }

  /** Most bytes one client of a project keeps stored. */
  get clientQuota(): number {
    return Math.min(this.limits.maxStoredBytesPerClient, this.limits.maxStoredBytesPerProject)
  }

  /**
   * Whether a client must first make room among its own messages for `bytes` more (then call
   * the store's `evict` with `clientQuota - bytes` and {@link RelayStorageBudget.evicted}).
   *
   * @param projectId - The publishing socket's project.
   * @param quotaKey - Its address key.
   * @param bytes - The message's size.
   */
  overQuota(projectId: string, quotaKey: string, bytes: number): boolean {
    return this.client(clientUsageKey(projectId, quotaKey)) + bytes > this.clientQuota
  }

  /**
   * Counts an eviction: the client's figure becomes what is left, the project's and the total
   * lose what was deleted.
   */
  evicted(projectId: string, quotaKey: string, eviction: RelayEviction): void {
    const key = clientUsageKey(projectId, quotaKey)
    this.addedByClient.set(key, eviction.kept - (this.measured.byClient.get(key) ?? 0))
    this.added -= eviction.freed
    this.addedByProject.set(projectId, (this.addedByProject.get(projectId) ?? 0) - eviction.freed)
  }

  /**
   * Counts a message about to be stored, or refuses it.
   *
   * @param projectId - The publishing socket's project.
   * @param quotaKey - Its address key.
   * @param bytes - The message's size.
   * @throws {JsonRpcError} When the relay, or the project's share of it, is full, or the message
   *   alone is larger than a client's quota.
   */
  take(projectId: string, quotaKey: string, bytes: number): void {
    if (bytes > this.clientQuota) throw new JsonRpcError(RPC_ERROR.limit, "Message larger than a client's relay storage")
    if (this.total + bytes > this.limits.maxStoredBytes) throw new JsonRpcError(RPC_ERROR.limit, 'Relay storage is full: try again later')
    const project = (this.measured.byProject.get(projectId) ?? 0) + (this.addedByProject.get(projectId) ?? 0)
    if (project + bytes > this.limits.maxStoredBytesPerProject) {
      throw new JsonRpcError(RPC_ERROR.limit, "This project's relay storage is full: try again later")
    }
    const key = clientUsageKey(projectId, quotaKey)
    this.added += bytes
    this.addedByProject.set(projectId, (this.addedByProject.get(projectId) ?? 0) + bytes)
    this.addedByClient.set(key, (this.addedByClient.get(key) ?? 0) + bytes)
  }

  private client(key: string): number {
    return (this.measured.byClient.get(key) ?? 0) + (this.addedByClient.get(key) ?? 0)
  }
}
