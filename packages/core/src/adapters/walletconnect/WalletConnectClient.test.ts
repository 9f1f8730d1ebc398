import { expect } from 'chai'
import { getDevnet, memoryStorage, waitFor, wcWallet, type DevnetInfo } from '../../__fixtures__/devnet.js'
import { createWalletConnectClient, type WalletConnectClient, type WalletConnectClientOptions } from './WalletConnectClient.js'
import type { WalletConnectProvider } from './WalletConnectProvider.js'

/** Where the SDK keeps a live client's Core (the modal's storage prefix). */
const GLOBAL_CORE = '_walletConnectCore_wallet-modal'

/** The sign-client under a provider: the test moves a session's expiry as 7 days passing would. */
const sdkOf = (provider: WalletConnectProvider) =>
  (provider as unknown as { client: { core: { expirer: { set(topic: string, expirySeconds: number): void } } } }).client

// The modal's sign-client on the wallet-modal server's relay, against the devnet's WalletConnect
// wallet (a real sign-client in wallet mode): its heartbeat (spec §9, 5 s; 50 ms here) beats
// while a pairing or a session is live, and drives the SDK's expiry checks.
describe('WalletConnect client heartbeat (real relay, real wallet sign-client)', function () {
  this.timeout(30000)
  let info: DevnetInfo
  const clients: WalletConnectClient[] = []
  const make = async (extra: Partial<WalletConnectClientOptions> = {}) => {
    const client = await createWalletConnectClient({
      projectId: 'demo',
      relayUrl: info.relayUrl,
      metadata: { name: 'Heartbeat test' },
      storage: memoryStorage(),
      heartbeatMs: 50,
      ...extra
    })
    clients.push(client)
    return client
  }
  before(async () => {
    info = await getDevnet()
  })
  afterEach(async () => {
    await wcWallet('mode', { mode: 'approve' })
    await wcWallet('disconnect')
    // One client at a time: the SDK hands a live client's Core to the next one of the same prefix.
    for (const c of clients.splice(0)) await c.close()
  })

  it('beats only while a pairing is on offer or a session is kept; a session expiring is noticed within a beat', async () => {
    const client = await make()
    expect(client.beating()).to.equal(false, 'nothing live yet')
    const { uri, approval } = await client.pair([`eip155:${info.chains[0]!.chainId}`])
    expect(client.beating()).to.equal(true, 'a pairing on offer')
    expect((await wcWallet<{ outcome: string }>('pair', { uri })).outcome).to.equal('approved')
    const session = await approval
    const provider = client.provider(session)
    expect(client.beating()).to.equal(true, 'a session kept')

    let disconnected = false
    provider.on('disconnect', () => (disconnected = true))
    // As if its 7 days were over in a second: the SDK's expirer sees it on the next beat after.
    sdkOf(provider).core.expirer.set(session.topic, Math.ceil(Date.now() / 1000) + 1)
    await waitFor(() => disconnected, 15000, 'the expired session ends the provider')
    expect(client.restore()).to.equal(undefined)
    // Nothing live any more: the beat stops by itself.
    await waitFor(() => !client.beating(), 15000, 'heartbeat stopped')
    await client.close()
    expect(client.beating()).to.equal(false)
  })

  it('a declined proposal stops the beat; the core’s lifetime ending closes the client, even while it starts', async () => {
    const client = await make()
    await wcWallet('mode', { mode: 'reject' })
    const { uri, approval } = await client.pair([`eip155:${info.chains[0]!.chainId}`])
    const declined = approval.then(
      () => 'approved',
      (err: { code?: string }) => err.code
    )
    expect((await wcWallet<{ outcome: string }>('pair', { uri })).outcome).to.equal('rejected')
    expect(await declined).to.equal('USER_REJECTED')
    await waitFor(() => !client.beating(), 15000, 'heartbeat stopped after the answer')
    await client.close()

    const life = new AbortController()
    const kept = await make({ signal: life.signal })
    const offer = await kept.pair([`eip155:${info.chains[0]!.chainId}`])
    offer.approval.catch(() => {})
    expect(kept.beating()).to.equal(true)
    expect((globalThis as Record<string, unknown>)[GLOBAL_CORE]).to.not.equal(undefined)
    life.abort()
    await waitFor(() => !kept.beating() && (globalThis as Record<string, unknown>)[GLOBAL_CORE] === undefined, 15000, 'closed with the lifetime')
    await kept.close()

    const ended = new AbortController()
    ended.abort()
    const late = await make({ signal: ended.signal })
    expect(late.beating()).to.equal(false)
    // Closed: its Core is off globalThis (a live client's stays there for the next one to share).
    expect((globalThis as Record<string, unknown>)[GLOBAL_CORE]).to.equal(undefined)
  })
})
