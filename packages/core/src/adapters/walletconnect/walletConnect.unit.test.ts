import { expect } from 'chai'
import { PAIRING_EXPIRED_THRESHOLD_MS, PAIRING_EXPIRY_MS, PAIRING_RETRY_GAP_MS, isPairingExpired } from './constants.js'
import { createWalletConnectStorage } from './walletConnectStorage.js'
import { sessionAddress, sessionChainIds } from './WalletConnectProvider.js'
import type { WcSession } from './types.js'
import { brokenStorage, memoryStorage } from '../../__fixtures__/devnet.js'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const session = (ns: WcSession['namespaces']): WcSession => ({ topic: 't', expiry: 0, namespaces: ns, peer: { metadata: { name: 'W' } } })

describe('WalletConnect pairing constants (spec §4, §9)', () => {
  it('4 minutes, expired 10 s early, 1 s retry gap', () => {
    expect(PAIRING_EXPIRY_MS).to.equal(240_000)
    expect(PAIRING_EXPIRED_THRESHOLD_MS).to.equal(10_000)
    expect(PAIRING_RETRY_GAP_MS).to.equal(1_000)
    const expiry = 1_000_000
    expect(isPairingExpired(expiry, expiry - 10_001)).to.equal(false)
    expect(isPairingExpired(expiry, expiry - 10_000)).to.equal(true)
    expect(isPairingExpired(expiry, expiry + 1)).to.equal(true)
    expect(isPairingExpired(undefined, 0)).to.equal(true)
  })
})

describe('WalletConnect session reading', () => {
  it('chains from the namespace, else from its accounts; the account per chain', () => {
    const s = session({ eip155: { chains: ['eip155:31337', 'eip155:31338'], accounts: [`eip155:31337:${A}`, `eip155:31338:${B}`], methods: [], events: [] } })
    expect(sessionChainIds(s)).to.deep.equal([31337, 31338])
    expect(sessionAddress(s, 31338)).to.equal(B)
    expect(sessionAddress(s, 1)).to.equal(A)
    const noChains = session({ eip155: { accounts: [`eip155:10:${A}`, `eip155:10:${A}`, 'eip155:x:bad'], methods: [], events: [] } })
    expect(sessionChainIds(noChains)).to.deep.equal([10])
    expect(sessionChainIds(session({}))).to.deep.equal([])
    expect(sessionAddress(session({ eip155: { accounts: ['eip155:1:not-an-address'], methods: [], events: [] } }), 1)).to.equal(undefined)
  })
})

describe('WalletConnect storage on the site’s storage backend', () => {
  it('keeps values as JSON under the modal prefix, lists keys and entries, removes', async () => {
    const backend = memoryStorage()
    const s = createWalletConnectStorage(backend)
    await s.setItem('wc@2:core:0.3//keychain', { a: 1 })
    await s.setItem('wc@2:client:0.3//session', [{ topic: 'x' }])
    expect(await s.getKeys()).to.deep.equal(['wc@2:core:0.3//keychain', 'wc@2:client:0.3//session'])
    expect(await s.getItem('wc@2:core:0.3//keychain')).to.deep.equal({ a: 1 })
    expect((await s.getEntries()).length).to.equal(2)
    for (const k of backend.map.keys()) expect(k.startsWith('@wallet-modal/wc/')).to.equal(true)
    await s.removeItem('wc@2:core:0.3//keychain')
    expect(await s.getKeys()).to.deep.equal(['wc@2:client:0.3//session'])
    expect(await s.getItem('wc@2:core:0.3//keychain')).to.equal(undefined)
  })

  it('garbage in storage reads as missing; a failing backend loses nothing but persistence', async () => {
    const backend = memoryStorage()
    backend.setItem('@wallet-modal/wc/__keys', '{not json')
    backend.setItem('@wallet-modal/wc/k', '{not json')
    const s = createWalletConnectStorage(backend)
    expect(await s.getKeys()).to.deep.equal([])
    expect(await s.getItem('k')).to.equal(undefined)
    const throwing = createWalletConnectStorage(brokenStorage())
    await throwing.setItem('k', 1)
    expect(await throwing.getItem('k')).to.equal(undefined)
    await throwing.removeItem('k')
    expect(await throwing.getKeys()).to.deep.equal([])
  })
})
