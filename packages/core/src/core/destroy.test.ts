import { expect } from 'chai'
import { executeServerCommand } from '@web/test-runner-commands'
import { createCore } from '../createCore.js'
import { startWalletConnect } from '../flows/walletConnect.js'
import { connectedDevnetCore, devnetNetworks, getDevnet, memoryStorage, serverRequests, setFault, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'
import { nextTask } from '../__fixtures__/nextTask.js'

// destroy() (spec: a site may make and drop modals, e.g. a single-page app changing pages) must
// leave nothing behind: no listener on window or document, no timer or idle task of the core
// still scheduled, no reaction to a wallet's events, no call to the services.

interface PageListener {
  target: string
  type: string
  capture: boolean
  handler: string
}
const pageListeners = () => executeServerCommand<PageListener[], undefined>('page-listeners')
const key = (l: PageListener) => `${l.target} ${l.type} ${l.capture} ${l.handler}`

/** Listeners present now that were not in `before` (a multiset difference). */
async function addedListeners(before: PageListener[]): Promise<string[]> {
  const left = before.map(key)
  const added: string[] = []
  for (const l of await pageListeners()) {
    const i = left.indexOf(key(l))
    if (i >= 0) left.splice(i, 1)
    else added.push(key(l))
  }
  return added
}

/**
 * Whether the modal's own code made the call (the frame right under the probe's wrapper is in
 * packages/core/src, not a test, a fixture or a library the core calls into).
 */
const fromCore = (stack: string) => /\/packages\/core\/src\/(?!__fixtures__)\S*?(?<!\.test)\.ts/.test(stack.split('\n')[2] ?? '')

/**
 * Records every timer, interval and idle callback the core schedules (by the stack that scheduled
 * it), which are still pending, and which fired after `markDestroyed()`.
 */
function timerProbe() {
  const g = globalThis as unknown as Record<string, (...a: unknown[]) => unknown>
  const saved = Object.fromEntries(
    ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestIdleCallback', 'cancelIdleCallback'].map(n => [n, g[n]!])
  )
  const pending = new Map<unknown, { kind: string; stack: string }>()
  const firedAfter: string[] = []
  let destroyed = false
  const schedule = (kind: string, original: (...a: unknown[]) => unknown, repeat: boolean) =>
    function (this: unknown, fn: unknown, ...rest: unknown[]) {
      const stack = new Error().stack ?? ''
      if (typeof fn !== 'function' || !fromCore(stack)) return original.call(globalThis, fn, ...rest)
      // eslint-disable-next-line prefer-const
      let id: unknown
      const wrapped = (...args: unknown[]) => {
        if (!repeat) pending.delete(id)
        if (destroyed) firedAfter.push(`${kind}\n${stack}`)
        return (fn as (...a: unknown[]) => unknown)(...args)
      }
      id = original.call(globalThis, wrapped, ...rest)
      pending.set(id, { kind, stack })
      return id
    }
  const cancel = (original: (...a: unknown[]) => unknown) => (id: unknown) => {
    pending.delete(id)
    return original.call(globalThis, id)
  }
  g.setTimeout = schedule('setTimeout', saved.setTimeout!, false)
  g.setInterval = schedule('setInterval', saved.setInterval!, true)
  g.requestIdleCallback = schedule('requestIdleCallback', saved.requestIdleCallback!, false)
  g.clearTimeout = cancel(saved.clearTimeout!)
  g.clearInterval = cancel(saved.clearInterval!)
  g.cancelIdleCallback = cancel(saved.cancelIdleCallback!)
  return {
    pending: () => [...pending.values()].map(p => `${p.kind}\n${p.stack.split('\n').slice(2, 6).join('\n')}`),
    firedAfter: () => firedAfter,
    markDestroyed: () => void (destroyed = true),
    restore: () => Object.assign(g, saved)
  }
}

/**
 * A few turns of the event loop: what the core set off without a timer (a promise chain, a
 * posted message) has run after them. No time passes: the core's timers are checked through the
 * probe instead (none may be pending), so no wait for them is needed.
 */
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await nextTask()
}

describe('destroy() releases everything the core added', function () {
  this.timeout(30000)
  let info: DevnetInfo
  let probe: ReturnType<typeof timerProbe> | undefined
  before(async () => {
    info = await getDevnet()
  })
  afterEach(() => {
    probe?.restore()
    probe = undefined
  })

  it('a connected core with services and a WalletConnect pairing on screen: no listener, timer or wallet reaction left', async () => {
    const before = await pageListeners()
    probe = timerProbe()
    const { core, wallet, stop } = await connectedDevnetCore(info, { extra: { relayUrl: info.relayUrl } })
    await waitFor(() => core.chain.state.namespaces.eip155.account.balance, 10000, 'balance')
    // The QR code view's pairing: an expiry check every second and the WalletConnect client.
    core.open({ view: 'ConnectingWalletConnect' })
    startWalletConnect(core)
    await waitFor(() => core.connection.state.wcUri, 10000, 'pairing URI')
    core.modal.shake()
    core.snack.showError('one')
    core.snack.showError('two')

    const events: string[] = []
    core.subscribeEvents(e => void events.push(e.type))
    core.destroy()
    probe.markDestroyed()
    expect(probe.pending(), 'timers of the core still scheduled after destroy()').to.deep.equal([])

    // The wallet talks after the modal is gone: nobody listens.
    const address = core.getAccount().address
    expect(wallet.emit('accountsChanged', ['0x000000000000000000000000000000000000dEaD']), 'a wallet listener is left').to.equal(false)
    expect(wallet.emit('chainChanged', '0x7a6a'), 'a wallet listener is left').to.equal(false)
    await turns()
    expect(events).to.deep.equal([])
    expect(core.getAccount().address).to.equal(address)
    stop()
    expect(await addedListeners(before), 'listeners left on window/document').to.deep.equal([])
    await turns()
    expect(probe.firedAfter(), 'timers of the core that fired after destroy()').to.deep.equal([])
    expect(probe.pending()).to.deep.equal([])
  })

  it('a reconnect waiting for a wallet that never shows up ends at once, its timer cleared', async () => {
    const storage = memoryStorage()
    // A returning visitor whose wallet is not on this page.
    storage.setItem('@wallet-modal/connection-status', JSON.stringify({ value: 'connected', timestamp: Date.now() }))
    storage.setItem('@wallet-modal/connected-connector-id/eip155', JSON.stringify({ value: 'example.gone.wallet', timestamp: Date.now() }))
    probe = timerProbe()
    const core = createCore({ projectId: 'demo', networks: devnetNetworks(info), storage, enableInjected: false })
    await waitFor(() => core.chain.state.namespaces.eip155.account.status === 'reconnecting', 5000, 'reconnecting')
    await waitFor(() => probe!.pending().some(p => p.includes('reconnect.ts')), 5000, 'the reconnect wait')
    const started = performance.now()
    core.destroy()
    probe.markDestroyed()
    expect(await core.ready).to.equal(false)
    // RECONNECT_WAIT_MS is 3 s: destroy ends the wait instead.
    expect(performance.now() - started).to.be.lessThan(1000)
    expect(probe.pending()).to.deep.equal([])
    await turns()
    expect(probe.firedAfter()).to.deep.equal([])
  })

  it('a core destroyed before the page goes idle never calls the services nor starts late discovery', async () => {
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
    const before = await pageListeners()
    probe = timerProbe()
    const core = createCore({ projectId: 'demo', networks: devnetNetworks(info), storage: memoryStorage(), serviceUrl: info.serviceUrl, enableInjected: false })
    core.destroy()
    probe.markDestroyed()
    expect(probe.pending()).to.deep.equal([])
    await core.servicesReady
    // Once the page has been idle, an idle task the core had left behind would have run.
    await new Promise(r => requestIdleCallback(r, { timeout: 2000 }))
    await turns()
    expect(probe.firedAfter()).to.deep.equal([])
    expect((await serverRequests(info.serviceUrl, '/')).map(u => u.pathname)).to.deep.equal([])
    expect(await addedListeners(before)).to.deep.equal([])
  })
})
