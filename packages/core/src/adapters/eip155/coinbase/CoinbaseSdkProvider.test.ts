// Coinbase Wallet through the real @coinbase/wallet-sdk, against a stand-in for Coinbase's keys
// popup (__fixtures__/coinbaseKeys: a real window the SDK opens at `keysUrl`, served by the test
// runner, speaking the popup's side of the SDK's protocol: key exchange, then AES-GCM messages).
import { expect } from 'chai'
import { verifyMessage } from 'viem'
import { waitFor } from '../../../__fixtures__/devnet.js'
import { CoinbaseSdkProvider, type CoinbaseSdkModule } from './CoinbaseSdkProvider.js'

/** The stand-in's account (anvil's first development key). */
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const APP = { appName: 'Coinbase test dapp', appChainIds: [31337, 31338] }
const standInUrl = (mode: string) => new URL(`../../../__fixtures__/coinbaseKeys/standIn.html?mode=${mode}&chainId=31337`, import.meta.url).href

/**
 * What the stand-in reports (BroadcastChannel: the SDK's config, handshakes, requests), and the
 * popups' own messages to this page (the SDK's opener): each PopupLoaded and PopupUnload.
 */
function standInLog() {
  const channel = new BroadcastChannel('coinbase-keys-stand-in')
  const entries: { type: string; [k: string]: any }[] = []
  channel.onmessage = e => entries.push(e.data)
  const popups = { loaded: 0, unloaded: 0 }
  const onMessage = (e: MessageEvent) => {
    if (e.data?.event === 'PopupLoaded') popups.loaded++
    if (e.data?.event === 'PopupUnload') popups.unloaded++
  }
  window.addEventListener('message', onMessage)
  return {
    entries,
    popups,
    /**
     * Waits until every popup opened so far has gone and the SDK has heard it (its listener runs in
     * the same dispatch as this page's): a late PopupUnload would otherwise end the next popup's request.
     */
    settled: () => waitFor(() => popups.loaded === popups.unloaded, 10_000, 'the popups to close'),
    /** Closes the popups still open (a silent one), then waits for them to go. */
    async close() {
      channel.postMessage({ type: 'close' })
      await waitFor(() => popups.loaded === popups.unloaded, 10_000, 'the popups to close')
      window.removeEventListener('message', onMessage)
      channel.close()
    }
  }
}

/** What a refused request rejects with. */
const refusal = (p: Promise<unknown>): Promise<{ code?: number; message: string }> =>
  p.then(
    value => {
      throw new Error(`expected a refusal, got ${JSON.stringify(value)}`)
    },
    (e: unknown) => e as { code?: number; message: string }
  )

/** Forgets every session the SDK and the stand-in keep in this origin's storage. */
function forgetSessions(): void {
  for (const k of Object.keys(localStorage)) if (/^-CBWSDK|^-walletlink|^cbwsdk\.|^coinbase-keys-stand-in/.test(k)) localStorage.removeItem(k)
}

describe('CoinbaseSdkProvider (Coinbase Wallet SDK and its popup protocol, spec §3 coinbaseWalletSDK)', () => {
  let log: ReturnType<typeof standInLog>
  const providers: CoinbaseSdkProvider[] = []
  const make = (mode: string, timeoutMs?: number, load?: () => Promise<CoinbaseSdkModule>) => {
    const p = new CoinbaseSdkProvider(APP, { options: 'smartWalletOnly', keysUrl: standInUrl(mode) }, timeoutMs, load)
    providers.push(p)
    return p
  }
  beforeEach(() => {
    forgetSessions()
    log = standInLog()
  })
  afterEach(async () => {
    await log.close()
    for (const p of providers.splice(0)) await p.request({ method: 'wallet_revokePermissions' }).catch(() => undefined)
    forgetSessions()
  })

  it('connects through the popup: the SDK tells it the site, exchanges keys, gets the account; the chain is the site first one', async () => {
    const provider = make('approve')
    const seen: unknown[] = []
    // Listeners added before the SDK has loaded still hear its events.
    provider.on('accountsChanged', a => seen.push(a))
    const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
    expect(accounts.map(a => a.toLowerCase())).to.deep.equal([ACCOUNT.toLowerCase()])
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x7a69')
    await waitFor(() => seen.length > 0, 5000, 'accountsChanged')
    expect(seen[0]).to.deep.equal(accounts)
    // The stand-in reports over a BroadcastChannel, which may deliver after the SDK's answer.
    const config = (await waitFor(() => log.entries.find(e => e.type === 'config'), 5000, 'the config report'))!.data
    expect(config.metadata).to.include({ appName: APP.appName })
    expect(config.metadata.appChainIds).to.deep.equal(APP.appChainIds)
    expect(config.preference.options).to.equal('smartWalletOnly')
    expect(await waitFor(() => log.entries.find(e => e.type === 'handshake'), 5000, 'the handshake report')).to.deep.include({ method: 'eth_requestAccounts' })
  })

  it('signs through a second popup over the encrypted channel: the signature is the account over the message', async () => {
    const provider = make('approve')
    await provider.request({ method: 'eth_requestAccounts' })
    // The connect popup closes itself once it has answered (as Coinbase's does).
    await log.settled()
    const message = 'Sign in to the Coinbase test dapp'
    const hex = `0x${[...new TextEncoder().encode(message)].map(b => b.toString(16).padStart(2, '0')).join('')}`
    const signature = (await provider.request({ method: 'personal_sign', params: [hex, ACCOUNT] })) as `0x${string}`
    expect(await verifyMessage({ address: ACCOUNT, message, signature })).to.equal(true)
    expect(log.popups.loaded).to.equal(2)
    expect((await waitFor(() => log.entries.find(e => e.type === 'request'), 5000, 'the request report'))!.action).to.deep.include({ method: 'personal_sign' })
  })

  it('a refusal in the popup is 4001, at connect and at signing', async () => {
    expect((await refusal(make('reject').request({ method: 'eth_requestAccounts' }))).code).to.equal(4001)
    await log.settled()
    forgetSessions()
    const provider = make('rejectSign')
    await provider.request({ method: 'eth_requestAccounts' })
    await log.settled()
    expect((await refusal(provider.request({ method: 'personal_sign', params: ['0x68690a', ACCOUNT] }))).code).to.equal(4001)
  })

  it('a popup closed before answering rejects with 4001 (the SDK hears the popup unload)', async () => {
    const failure = await refusal(make('close').request({ method: 'eth_requestAccounts' }))
    expect(failure.code).to.equal(4001)
  })

  it('a popup that never answers ends the request at the timeout', async () => {
    const failure = await refusal(make('silent', 1_500).request({ method: 'eth_requestAccounts' }))
    expect(failure.message).to.match(/did not answer eth_requestAccounts in time/)
  })

  it('restores the session without a popup (a reload), and forgets it on disconnect', async () => {
    await make('approve').request({ method: 'eth_requestAccounts' })
    await log.settled()
    const again = make('approve')
    expect(((await again.request({ method: 'eth_accounts' })) as string[]).map(a => a.toLowerCase())).to.deep.equal([ACCOUNT.toLowerCase()])
    expect(log.popups.loaded).to.equal(1)
    expect(Object.keys(localStorage).some(k => k.startsWith('-CBWSDK'))).to.equal(true)
    expect(await again.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).to.equal(null)
    expect(Object.keys(localStorage).some(k => k.startsWith('-CBWSDK:SCW') || k.startsWith('-CBWSDK:SignerConfigurator'))).to.equal(false)
    // A later page asks again: no account without the popup.
    const after = await make('approve')
      .request({ method: 'eth_accounts' })
      .then(
        a => a as string[],
        () => [] as string[]
      )
    expect(after).to.deep.equal([])
  })

  it('loads the SDK on the first request only; a failed load is reported and tried again', async () => {
    let loads = 0
    const failing = () => (loads++, Promise.reject(new Error('chunk failed')))
    const provider = make('approve', undefined, failing)
    expect(loads).to.equal(0)
    // Disconnecting what never loaded loads nothing.
    expect(await provider.request({ method: 'wallet_revokePermissions' })).to.equal(null)
    expect(loads).to.equal(0)
    expect((await refusal(provider.request({ method: 'eth_requestAccounts' }))).message).to.match(/could not start: chunk failed/)
    await refusal(provider.request({ method: 'eth_requestAccounts' }))
    expect(loads).to.equal(2)
  })
})
