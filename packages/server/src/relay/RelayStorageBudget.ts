import { JsonRpcError, RPC_ERROR } from './JsonRpcError.js'
import type { RelayUsage } from './RelayMessageStore.js'

/** Bounds of the relay's stored bytes (message text). */
export interface RelayStorageLimits {
  /** In all. */
  maxStoredBytes: number
  /** Per project (counted to the project whose socket published). */
  maxStoredBytesPerProject: number
}

/**
 * Whether another message fits in the relay's storage. The figure is the database's, measured
 * every so often (`RelayHub` does it, also for what other server processes stored), plus what
 * this process stored since: exact on one process, and on several it can overshoot by what the
 * others store between two measurements. Deletions (expiry, trimming) count at the next
 * measurement, so between two the figure errs on the full side.
 */
export class RelayStorageBudget {
  private measured: RelayUsage = { total: 0, byProject: new Map() }
  private added = 0
  private readonly addedByProject = new Map<string, number>()

  /** @param limits - See {@link RelayStorageLimits}. */
  constructor(private readonly limits: RelayStorageLimits) {}

  /** Takes a new measurement; what was added since the last one is in it. */
  measure(usage: RelayUsage): void {
    this.measured = usage
    this.added = 0
    this.addedByProject.clear()
  }

  /** Bytes stored, as far as this process knows. */
  get total(): number {
    return this.measured.total + this.added
  }

  /**
   * Counts a message about to be stored, or refuses it.
   *
   * @param projectId - The publishing socket's project.
   * @param bytes - The message's size.
   * @throws {JsonRpcError} When the relay, or the project's share of it, is full.
   */
  take(projectId: string, bytes: number): void {
    if (this.total + bytes > this.limits.maxStoredBytes) throw new JsonRpcError(RPC_ERROR.limit, 'Relay storage is full: try again later')
    const project = (this.measured.byProject.get(projectId) ?? 0) + (this.addedByProject.get(projectId) ?? 0)
    if (project + bytes > this.limits.maxStoredBytesPerProject) {
      throw new JsonRpcError(RPC_ERROR.limit, "This project's relay storage is full: try again later")
    }
    this.added += bytes
    this.addedByProject.set(projectId, (this.addedByProject.get(projectId) ?? 0) + bytes)
  }
}
