// The dapp side of the WalletConnect dev wallet's tests: an unmodified sign-client, started the
// way the server's relay tests start theirs (own storage prefix, memory storage, no telemetry).
import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import { MemoryKeyValueStorage } from '../MemoryKeyValueStorage.js'

/** A started dapp-side sign-client. */
export type TestDapp = InstanceType<typeof SignClient>

/**
 * Starts a dapp-side sign-client on a relay.
 *
 * @param relayUrl - The relay's WebSocket URL.
 * @param name - The dapp's metadata name (what the wallet logs).
 */
export function startTestDapp(relayUrl: string, name = 'Test dapp'): Promise<TestDapp> {
  return SignClient.init({
    projectId: 'demo',
    relayUrl,
    customStoragePrefix: `test-dapp-${randomUUID()}`,
    telemetryEnabled: false,
    storage: new MemoryKeyValueStorage(),
    logger: process.env.WM_WC_LOG ?? 'silent',
    metadata: { name, description: 'WalletConnect dev wallet test', url: 'http://127.0.0.1', icons: [] }
  })
}

/** Stops a dapp's heartbeat and socket so the test process can exit. */
export async function stopTestDapp(dapp: TestDapp | undefined): Promise<void> {
  if (!dapp) return
  dapp.core.heartbeat.stop()
  await dapp.core.relayer.transportClose().catch(() => undefined)
}

/**
 * Resolves once `check` returns true, polling every 20 ms; rejects after `timeoutMs`.
 *
 * @param check - The condition.
 * @param timeoutMs - How long to wait.
 * @param what - Named in the time-out error.
 */
export async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}
