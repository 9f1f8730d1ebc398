import { expect } from 'chai'
import { SAFE_SDK_VERSION, SafeAppsProvider } from './SafeAppsProvider.js'

const SAFE = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

/**
 * A stand-in parent: a same-origin frame whose window plays Safe{Wallet}. What the provider posts
 * to it is recorded; answers are delivered as message events from it (or forged ones).
 */
async function setUp() {
  const frame = document.createElement('iframe')
  document.body.append(frame)
  const parent = frame.contentWindow!
  const posted: { id: string; method: string; params: unknown; env: { sdkVersion: string } }[] = []
  const waiters: (() => void)[] = []
  parent.addEventListener('message', e => {
    posted.push(e.data)
    waiters.splice(0).forEach(w => w())
  })
  const win = {
    parent,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window)
  } as unknown as Window
  const provider = new SafeAppsProvider(location.origin, win)
  /** The n-th request the provider posted (waits for it). */
  const request = async (n: number) => {
    while (posted.length <= n) await new Promise<void>(r => waiters.push(r))
    return posted[n]!
  }
  const answer = (data: unknown, init: { origin?: string; source?: Window } = {}) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin: init.origin ?? location.origin, source: init.source ?? parent }))
  return { provider, posted, request, answer, done: () => (provider.close(), frame.remove()) }
}

/** What a refused request rejects with, typed for the assertions. */
type Failure = { code?: number; message: string }
const refusal = (p: Promise<unknown>): Promise<Failure> =>
  p.then(
    value => {
      throw new Error(`expected a refusal, got ${String(value)}`)
    },
    (e: unknown) => e as Failure
  )

describe('SafeAppsProvider (the Safe Apps protocol, spec §9 Safe app)', () => {
  it('asks Safe{Wallet} for the Safe on the named origin, ignores answers from other origins and windows, and remembers it', async () => {
    const s = await setUp()
    try {
      const accounts = s.provider.request({ method: 'eth_requestAccounts' })
      const req = await s.request(0)
      expect(req.method).to.equal('getSafeInfo')
      expect(req.env.sdkVersion).to.equal(SAFE_SDK_VERSION)
      // Forged: another origin, then another window; neither settles the request.
      s.answer(
        { id: req.id, success: true, data: { safeAddress: '0x0000000000000000000000000000000000000bad', chainId: 1 }, version: '9' },
        { origin: 'https://evil.example' }
      )
      s.answer({ id: req.id, success: true, data: { safeAddress: '0x0000000000000000000000000000000000000bad', chainId: 1 }, version: '9' }, { source: window })
      s.answer({ id: req.id, success: true, data: { safeAddress: SAFE, chainId: 31337, threshold: 1, owners: [SAFE] }, version: '9' })
      expect(await accounts).to.deep.equal([SAFE])
      expect(await s.provider.request({ method: 'eth_chainId' })).to.equal('0x7a69')
      expect(s.posted).to.have.length(1)
    } finally {
      s.done()
    }
  })

  it('sends a transaction as a Safe transaction and returns its hash; a refusal in Safe{Wallet} is 4001', async () => {
    const s = await setUp()
    try {
      const sent = s.provider.request({ method: 'eth_sendTransaction', params: [{ from: SAFE, to: SAFE, value: '0x2386f26fc10000' }] })
      const req = await s.request(0)
      expect(req.method).to.equal('sendTransactions')
      expect(req.params).to.deep.equal({ txs: [{ to: SAFE, value: '10000000000000000', data: '0x' }], params: undefined })
      s.answer({ id: req.id, success: true, data: { safeTxHash: `0x${'ab'.repeat(32)}` }, version: '9' })
      expect(await sent).to.equal(`0x${'ab'.repeat(32)}`)

      const refused = refusal(s.provider.request({ method: 'eth_sendTransaction', params: [{ to: SAFE, data: '0x1234' }] }))
      const second = await s.request(1)
      s.answer({ id: second.id, success: false, error: 'Transaction was rejected', version: '9' })
      const err = await refused
      expect(err.code).to.equal(4001)
      expect(err.message).to.equal('Transaction was rejected')
    } finally {
      s.done()
    }
  })

  it('signs through signMessage; a message still waiting for other owners is an error, not a fake signature', async () => {
    const s = await setUp()
    try {
      const signed = s.provider.request({ method: 'personal_sign', params: ['0x6869', SAFE] })
      const req = await s.request(0)
      expect(req).to.include({ method: 'signMessage' })
      expect(req.params).to.deep.equal({ message: '0x6869' })
      s.answer({ id: req.id, success: true, data: { signature: `0x${'11'.repeat(65)}` }, version: '9' })
      expect(await signed).to.equal(`0x${'11'.repeat(65)}`)

      const pending = refusal(s.provider.request({ method: 'personal_sign', params: ['0x6869', SAFE] }))
      const second = await s.request(1)
      s.answer({ id: second.id, success: true, data: { safeTxHash: `0x${'22'.repeat(32)}` }, version: '9' })
      expect((await pending).message).to.match(/owners have not all signed yet/)
    } finally {
      s.done()
    }
  })

  it('refuses what a Safe cannot do without asking Safe{Wallet}; reads go through rpcCall; an unanswered call fails', async () => {
    const s = await setUp()
    try {
      expect((await refusal(s.provider.request({ method: 'eth_sign', params: [SAFE, '0x00'] }))).code).to.equal(4200)
      expect(s.posted).to.have.length(0)
      const block = s.provider.request({ method: 'eth_blockNumber' })
      const req = await s.request(0)
      expect(req).to.include({ method: 'rpcCall' })
      expect(req.params).to.deep.equal({ call: 'eth_blockNumber', params: [] })
      s.answer({ id: req.id, success: true, data: '0x10', version: '9' })
      expect(await block).to.equal('0x10')
      const silent = await refusal(s.provider.call('getChainInfo', undefined, 20))
      expect(silent.message).to.equal('Safe{Wallet} did not answer getChainInfo')
    } finally {
      s.done()
    }
  })
})
