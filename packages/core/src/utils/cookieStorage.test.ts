import { expect } from 'chai'
import { cookieStorage, cookieToInitialState, WALLET_MODAL_COOKIE } from './cookieStorage.js'
import { createStorage, STORAGE_KEYS, STORAGE_PREFIX } from './storage.js'

const ADDRESS = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e44d4bFf2E3'
const clearCookie = () => (document.cookie = `${WALLET_MODAL_COOKIE}=; Path=/; Max-Age=0`)

describe('cookieStorage / cookieToInitialState', () => {
  afterEach(() => {
    clearCookie()
    for (const k of Object.keys(localStorage)) if (k.startsWith(STORAGE_PREFIX)) localStorage.removeItem(k)
  })

  it('keeps the connection in one first-party cookie and everything else in localStorage', () => {
    const storage = createStorage(cookieStorage())
    storage.set(STORAGE_KEYS.connectionStatus, 'connected')
    storage.set(STORAGE_KEYS.connectedConnectorId('eip155'), 'dev.wallet-modal.devnet')
    storage.set(STORAGE_KEYS.connectedAddress('eip155'), ADDRESS)
    storage.set(STORAGE_KEYS.recentWallets, [{ id: 'x', name: 'X' }])
    expect(document.cookie).to.include(`${WALLET_MODAL_COOKIE}=`)
    expect(decodeURIComponent(document.cookie)).to.include(ADDRESS)
    expect(decodeURIComponent(document.cookie)).not.to.include('recent-wallets')
    expect(localStorage.getItem(`${STORAGE_PREFIX}${STORAGE_KEYS.recentWallets}`)).to.include('"X"')
    // A second backend (another modal, another tab) reads the same values.
    expect(createStorage(cookieStorage()).get(STORAGE_KEYS.connectedAddress('eip155'), (v): v is string => typeof v === 'string')).to.equal(ADDRESS)
  })

  it('gives the server the account to render from the Cookie header, and nothing once disconnected', () => {
    const backend = cookieStorage()
    const storage = createStorage(backend)
    storage.set(STORAGE_KEYS.connectionStatus, 'connected')
    storage.set(STORAGE_KEYS.activeNamespace, 'eip155')
    storage.set(STORAGE_KEYS.activeNetwork, 'eip155:31337')
    storage.set(STORAGE_KEYS.connectedConnectorId('eip155'), 'dev.wallet-modal.devnet')
    storage.set(STORAGE_KEYS.connectedAddress('eip155'), ADDRESS)
    const header = `theme=dark; ${document.cookie}; other=1`
    expect(cookieToInitialState(header)).to.deep.equal({ accounts: { eip155: ADDRESS }, activeNamespace: 'eip155', activeNetworkId: 'eip155:31337' })
    // On the server the backend reads the header it was given, and writes nowhere.
    const serverSide = createStorage({ ...cookieStorage({ cookie: header }) })
    expect(serverSide.get(STORAGE_KEYS.connectionStatus, (v): v is string => typeof v === 'string')).to.equal('connected')
    storage.remove(STORAGE_KEYS.connectionStatus)
    expect(cookieToInitialState(document.cookie)).to.equal(undefined)
    for (const k of [
      STORAGE_KEYS.activeNamespace,
      STORAGE_KEYS.activeNetwork,
      STORAGE_KEYS.connectedConnectorId('eip155'),
      STORAGE_KEYS.connectedAddress('eip155')
    ])
      storage.remove(k)
    // The last value gone, the cookie is deleted rather than left empty.
    expect(document.cookie).not.to.include(`${WALLET_MODAL_COOKIE}=`)
  })

  it('reads garbage, a foreign address or a missing header as nothing', () => {
    expect(cookieToInitialState(undefined)).to.equal(undefined)
    expect(cookieToInitialState(`${WALLET_MODAL_COOKIE}=%7Bnot-json`)).to.equal(undefined)
    expect(cookieToInitialState(`${WALLET_MODAL_COOKIE}=${encodeURIComponent('[1,2]')}`)).to.equal(undefined)
    const record = (value: unknown) => JSON.stringify({ value, timestamp: Date.now() })
    const forged = {
      [STORAGE_PREFIX + STORAGE_KEYS.connectionStatus]: record('connected'),
      [STORAGE_PREFIX + STORAGE_KEYS.connectedConnectorId('solana')]: record('phantom'),
      // An EVM address under the solana key is not shown as a Solana account.
      [STORAGE_PREFIX + STORAGE_KEYS.connectedAddress('solana')]: record(ADDRESS)
    }
    expect(cookieToInitialState(`${WALLET_MODAL_COOKIE}=${encodeURIComponent(JSON.stringify(forged))}`)).to.equal(undefined)
  })
})
