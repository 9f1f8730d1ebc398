// Real @walletconnect/sign-client instances for the relay tests: several in one Node process,
// each with its own in-memory storage, talking only to the relay they are given.
import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
// The same in-memory store as the devnet's dev wallet: nothing written to disk, fresh per client.
import { MemoryKeyValueStorage } from '@wallet-modal/devnet'

// The SDK shares one Core per storage prefix through globalThis. Tests create and throw away
// many clients (some with a relay that is restarted), so every client gets its own Core.
process.env.DISABLE_GLOBAL_CORE = 'true'

/** A started sign-client. */
export type TestSignClient = InstanceType<typeof SignClient>

/**
 * Starts a sign-client on a relay: project `demo`, telemetry off, in-memory storage, a storage
 * prefix of its own.
 *
 * @param name - Shown as the peer's metadata name.
 * @param relayUrl - The server's `relayUrl`.
 */
export function startSignClient(name: string, relayUrl: string): Promise<TestSignClient> {
  return SignClient.init({
    projectId: 'demo',
    relayUrl,
    customStoragePrefix: `${name}-${randomUUID()}`,
    telemetryEnabled: false,
    storage: new MemoryKeyValueStorage(),
    logger: process.env.WM_WC_LOG ?? 'silent',
    metadata: { name, description: `relay test ${name}`, url: 'http://127.0.0.1', icons: [] }
  })
}

/** Stops a sign-client's timers and socket so the test process can end. */
export async function stopSignClient(client: TestSignClient | undefined): Promise<void> {
  if (!client) return
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => undefined)
}
