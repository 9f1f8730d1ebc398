// The Devnet Bitcoin wallet driven through the REAL sats-connect 4.2.1 in Node, with a minimal
// browser stand-in: `window` is globalThis, plus localStorage, and for sats-connect's default
// `Wallet` (whose picker UI is a web component) a `customElements` stub and window events.
// Results are checked against sats-connect's own valibot schemas.
import { afterEach, before, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import Wallet, {
  addListener,
  getAccountResultSchema,
  getAccountsResultSchema,
  getAddressesResultSchema,
  getInfoResultSchema,
  getNetworkResultSchema,
  getProviders,
  connectResultSchema,
  request,
  RpcErrorCode,
  setDefaultProvider,
  signMessageResultSchema
} from 'sats-connect'
import { BITCOIN_RPC_ERROR_CODES } from './bitcoinWalletErrors.js'
import { DEVNET_BITCOIN_ACCOUNT_ID } from './createDevnetBitcoinProvider.js'
import { DEVNET_BITCOIN_REGTEST_ADDRESSES, deriveDevnetBitcoinAccounts } from './deriveDevnetBitcoinAccounts.js'
import { DEVNET_BITCOIN_PROVIDER_ID, installDevnetBitcoinWallet } from './installDevnetBitcoinWallet.js'
import type { BitcoinWalletEvent, DevnetBitcoinProvider } from './types.js'
import { verifyBitcoinMessage } from '@wallet-modal/server/bitcoin'

// Untyped on purpose: the stand-ins are far smaller than the DOM types they replace.
const g = globalThis as unknown as Record<string, unknown>
const storage = new Map<string, string>()

before(() => {
  g.window = globalThis
  g.localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, String(value)),
    removeItem: (key: string) => void storage.delete(key),
    clear: () => storage.clear()
  }
  // Only sats-connect's default `Wallet` needs these: it dispatches open/close events on window
  // and registers its picker element unless one is registered already.
  const events = new EventTarget()
  g.addEventListener = events.addEventListener.bind(events)
  g.removeEventListener = events.removeEventListener.bind(events)
  g.dispatchEvent = events.dispatchEvent.bind(events)
  g.customElements = { get: () => class {} }
})

beforeEach(() => {
  storage.clear()
  for (const key of ['XverseProviders', 'btc_providers', DEVNET_BITCOIN_PROVIDER_ID, 'MainnetOnlyBitcoin']) delete g[key]
})

afterEach(() => storage.clear())

const PURPOSES = ['payment', 'ordinals']
const REGTEST = deriveDevnetBitcoinAccounts('Regtest').map(({ address, publicKey, purpose, addressType, walletType }) => ({
  address,
  publicKey,
  purpose,
  addressType,
  walletType
}))

type Response = Awaited<ReturnType<typeof request>>
function success(response: Response): unknown {
  assert.equal(response.status, 'success', JSON.stringify(response))
  return (response as { result: unknown }).result
}
function failure(response: Response, code: number): string {
  assert.equal(response.status, 'error', JSON.stringify(response))
  const error = (response as { error: { code: number; message: string } }).error
  assert.equal(error.code, code, error.message)
  return error.message
}
// sats-connect's request() is typed per method; the tests also send methods it does not know.
const send = (method: string, params: unknown, providerId?: string): Promise<Response> =>
  (request as (m: string, p: unknown, id?: string) => Promise<Response>)(method, params, providerId)

describe('Devnet Bitcoin through sats-connect 4.2.1', () => {
  it('uses the same error codes as sats-connect', () => {
    for (const [name, code] of Object.entries(BITCOIN_RPC_ERROR_CODES)) {
      assert.equal(RpcErrorCode[name as keyof typeof RpcErrorCode], code, name)
    }
    assert.equal(BITCOIN_RPC_ERROR_CODES.USER_REJECTION, -32000)
  })

  it('installs where sats-connect looks and is listed by getProviders()', () => {
    const provider = installDevnetBitcoinWallet({ storage: null })
    assert.equal(g.DevnetBitcoinProvider, provider)
    assert.equal((g.XverseProviders as { BitcoinProvider: unknown }).BitcoinProvider, provider)
    const entry = getProviders().find(p => p.id === DEVNET_BITCOIN_PROVIDER_ID)
    assert.ok(entry)
    assert.equal(entry.name, 'Devnet Bitcoin')
    assert.match(entry.icon, /^data:image\/svg\+xml,/)
    assert.ok(entry.methods?.includes('getAccounts'))
    // Installing again replaces the entry instead of listing the wallet twice.
    installDevnetBitcoinWallet({ storage: null })
    assert.equal(getProviders().filter(p => p.id === DEVNET_BITCOIN_PROVIDER_ID).length, 1)
  })

  it('leaves an existing XverseProviders.BitcoinProvider alone', () => {
    const xverse = { request: async () => ({}) }
    g.XverseProviders = { BitcoinProvider: xverse, StacksProvider: 'stacks' }
    const provider = installDevnetBitcoinWallet({ storage: null })
    assert.deepEqual(g.XverseProviders, { BitcoinProvider: xverse, StacksProvider: 'stacks' })
    assert.equal(g.DevnetBitcoinProvider, provider)
  })

  it('answers getInfo, getAccounts and getAddresses by provider id, in sats-connect’s shapes', async () => {
    installDevnetBitcoinWallet({ storage: null })
    const info = success(await request('getInfo', null, DEVNET_BITCOIN_PROVIDER_ID))
    assert.ok(v.is(getInfoResultSchema, info), JSON.stringify(info))

    const accounts = success(await request('getAccounts', { purposes: PURPOSES as never }, DEVNET_BITCOIN_PROVIDER_ID))
    assert.ok(v.is(getAccountsResultSchema, accounts))
    assert.deepEqual(accounts, REGTEST)
    assert.equal((accounts as typeof REGTEST)[0]!.address, DEVNET_BITCOIN_REGTEST_ADDRESSES.payment)
    assert.equal((accounts as typeof REGTEST)[1]!.address, DEVNET_BITCOIN_REGTEST_ADDRESSES.ordinals)

    const onlyOrdinals = success(await request('getAccounts', { purposes: ['ordinals'] as never }, DEVNET_BITCOIN_PROVIDER_ID))
    assert.deepEqual(onlyOrdinals, [REGTEST[1]])

    const addresses = success(await request('getAddresses', { purposes: ['payment', 'stacks'] as never }, DEVNET_BITCOIN_PROVIDER_ID))
    assert.ok(v.is(getAddressesResultSchema, addresses))
    assert.deepEqual(addresses, { addresses: [REGTEST[0]], network: { bitcoin: { name: 'Regtest' }, stacks: { name: 'testnet' }, spark: { name: 'regtest' } } })

    failure(await send('getAccounts', { purposes: ['savings'] }, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.INVALID_PARAMS)
    failure(await send('getAccounts', {}, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.INVALID_PARAMS)
  })

  it('is reached without a provider id through XverseProviders.BitcoinProvider', async () => {
    installDevnetBitcoinWallet({ storage: null })
    assert.deepEqual(success(await request('getAccounts', { purposes: PURPOSES as never })), REGTEST)
  })

  it('is selected by sats-connect’s default Wallet via setDefaultProvider', async () => {
    installDevnetBitcoinWallet({ storage: null })
    setDefaultProvider(DEVNET_BITCOIN_PROVIDER_ID)
    assert.equal(storage.get('sats-connect_defaultProvider'), DEVNET_BITCOIN_PROVIDER_ID)
    const accounts = success(await Wallet.request('getAccounts', { purposes: PURPOSES as never }))
    assert.deepEqual(accounts, REGTEST)
    // Wallet.disconnect sends wallet_renouncePermissions and forgets the default provider.
    await Wallet.disconnect()
    assert.equal(storage.get('sats-connect_defaultProvider'), undefined)
  })

  it('connects, reports the account, and disconnects with an event', async () => {
    const provider = installDevnetBitcoinWallet({ storage: null })
    failure(await request('wallet_getAccount', null, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.ACCESS_DENIED)
    assert.deepEqual(success(await request('wallet_getCurrentPermissions', null, DEVNET_BITCOIN_PROVIDER_ID)), [])

    const connected = success(await request('wallet_connect', { addresses: PURPOSES as never, message: 'Connect to the devnet' }, DEVNET_BITCOIN_PROVIDER_ID))
    assert.ok(v.is(connectResultSchema, connected), JSON.stringify(connected))
    assert.equal((connected as { id: string }).id, DEVNET_BITCOIN_ACCOUNT_ID)
    assert.deepEqual((connected as { addresses: unknown }).addresses, REGTEST)
    assert.deepEqual(provider.getPermittedPurposes(), ['payment', 'ordinals'])

    const account = success(await request('wallet_getAccount', null, DEVNET_BITCOIN_PROVIDER_ID))
    assert.ok(v.is(getAccountResultSchema, account))
    assert.deepEqual(account, connected)
    assert.equal((success(await request('wallet_getCurrentPermissions', null, DEVNET_BITCOIN_PROVIDER_ID)) as unknown[]).length, 2)
    assert.equal(success(await request('wallet_getWalletType', null, DEVNET_BITCOIN_PROVIDER_ID)), 'software')

    const events: BitcoinWalletEvent[] = []
    const stop = addListener('disconnect', (event: unknown) => events.push(event as BitcoinWalletEvent), DEVNET_BITCOIN_PROVIDER_ID)
    assert.equal(success(await request('wallet_disconnect', null, DEVNET_BITCOIN_PROVIDER_ID)), null)
    assert.deepEqual(events, [{ type: 'disconnect' }])
    failure(await request('wallet_getAccount', null, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.ACCESS_DENIED)
    stop()
    await request('wallet_connect', null, DEVNET_BITCOIN_PROVIDER_ID)
    await request('wallet_renouncePermissions', null, DEVNET_BITCOIN_PROVIDER_ID)
    assert.equal(events.length, 1, 'listener removed')
    assert.deepEqual(provider.getPermittedPurposes(), [])
  })

  it('signs messages (ECDSA and BIP-322) that verifyBitcoinMessage accepts', async () => {
    installDevnetBitcoinWallet({ storage: null })
    const message = 'wallet-modal wants you to sign in\nNonce: 7f3a'
    const address = DEVNET_BITCOIN_REGTEST_ADDRESSES.payment
    // Signing needs a connection first.
    failure(await request('signMessage', { address, message }, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.ACCESS_DENIED)
    success(await request('getAccounts', { purposes: PURPOSES as never }, DEVNET_BITCOIN_PROVIDER_ID))

    const ecdsa = success(await request('signMessage', { address, message, protocol: 'ECDSA' as never }, DEVNET_BITCOIN_PROVIDER_ID))
    assert.ok(v.is(signMessageResultSchema, ecdsa), JSON.stringify(ecdsa))
    const { signature, protocol } = ecdsa as { signature: string; protocol: string; address: string }
    assert.equal(protocol, 'ECDSA')
    assert.equal((ecdsa as { address: string }).address, address)
    assert.equal(verifyBitcoinMessage({ address, message, signature, network: 'Regtest' }), true)
    assert.equal(verifyBitcoinMessage({ address, message: message.replace('7f3a', '7f3b'), signature, network: 'Regtest' }), false)

    for (const signer of [address, DEVNET_BITCOIN_REGTEST_ADDRESSES.ordinals]) {
      // No protocol: BIP-322.
      const bip322 = success(await request('signMessage', { address: signer, message }, DEVNET_BITCOIN_PROVIDER_ID)) as { signature: string; protocol: string }
      assert.equal(bip322.protocol, 'BIP322')
      assert.equal(verifyBitcoinMessage({ address: signer, message, signature: bip322.signature }), true, signer)
      assert.equal(verifyBitcoinMessage({ address: signer, message: `${message}.`, signature: bip322.signature }), false, signer)
    }

    const ordinalsEcdsa = failure(
      await request('signMessage', { address: DEVNET_BITCOIN_REGTEST_ADDRESSES.ordinals, message, protocol: 'ECDSA' as never }, DEVNET_BITCOIN_PROVIDER_ID),
      RpcErrorCode.INVALID_PARAMS
    )
    assert.match(ordinalsEcdsa, /BIP322/)
    const unknown = failure(
      await request('signMessage', { address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', message }, DEVNET_BITCOIN_PROVIDER_ID),
      RpcErrorCode.INVALID_PARAMS
    )
    assert.match(unknown, /not an address of this wallet on Regtest/)
    // The Mainnet address of the same key is not this wallet's address on Regtest.
    failure(
      await request('signMessage', { address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', message }, DEVNET_BITCOIN_PROVIDER_ID),
      RpcErrorCode.INVALID_PARAMS
    )
    failure(await send('signMessage', { address, message, protocol: 'schnorr' }, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.INVALID_PARAMS)
  })

  it('answers USER_REJECTION in reject mode, also through the default Wallet, until setMode', async () => {
    const provider = installDevnetBitcoinWallet({ storage: null, mode: 'reject' })
    failure(await request('getAccounts', { purposes: PURPOSES as never }, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.USER_REJECTION)
    failure(await request('wallet_connect', null, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.USER_REJECTION)
    setDefaultProvider(DEVNET_BITCOIN_PROVIDER_ID)
    failure(await Wallet.request('getAccounts', { purposes: PURPOSES as never }), RpcErrorCode.USER_REJECTION)
    // Reads that need no consent still work.
    success(await request('wallet_getNetwork', null, DEVNET_BITCOIN_PROVIDER_ID))
    assert.deepEqual(provider.getPermittedPurposes(), [])

    provider.setMode('approve')
    assert.equal(provider.getMode(), 'approve')
    success(await request('getAccounts', { purposes: PURPOSES as never }, DEVNET_BITCOIN_PROVIDER_ID))
    provider.setMode('reject')
    // Already granted accounts come back without asking (like eth_requestAccounts), signing asks.
    success(await request('getAccounts', { purposes: PURPOSES as never }, DEVNET_BITCOIN_PROVIDER_ID))
    failure(
      await request('signMessage', { address: DEVNET_BITCOIN_REGTEST_ADDRESSES.payment, message: 'hi' }, DEVNET_BITCOIN_PROVIDER_ID),
      RpcErrorCode.USER_REJECTION
    )
    assert.throws(() => provider.setMode('maybe' as never))
  })

  it('answers METHOD_NOT_FOUND for unknown methods and METHOD_NOT_SUPPORTED for unimplemented sats-connect ones', async () => {
    const provider = installDevnetBitcoinWallet({ storage: null })
    failure(await send('btc_doesNotExist', null, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.METHOD_NOT_FOUND)
    failure(await send('signPsbt', { psbt: '' }, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.METHOD_NOT_SUPPORTED)
    failure(await send('stx_getAccounts', null, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.METHOD_NOT_SUPPORTED)
    // Directly, too, and a non-string method is an invalid request; request() never throws.
    const direct = await provider.request('nope')
    assert.equal(direct.jsonrpc, '2.0')
    assert.equal('error' in direct && direct.error.code, RpcErrorCode.METHOD_NOT_FOUND)
    const invalid = await provider.request(42 as never)
    assert.equal('error' in invalid && invalid.error.code, RpcErrorCode.INVALID_REQUEST)
  })

  it('a Mainnet-only wallet reports Mainnet and refuses Regtest', async () => {
    installDevnetBitcoinWallet({ storage: null })
    const mainnetOnly = installDevnetBitcoinWallet({
      storage: null,
      providerId: 'MainnetOnlyBitcoin',
      name: 'Mainnet-only Bitcoin',
      network: 'Mainnet',
      supportedNetworks: ['Mainnet']
    })
    assert.deepEqual(
      getProviders().map(p => p.id),
      [DEVNET_BITCOIN_PROVIDER_ID, 'MainnetOnlyBitcoin']
    )
    assert.notEqual((g.XverseProviders as { BitcoinProvider: unknown }).BitcoinProvider, mainnetOnly, 'the first wallet keeps the Xverse slot')
    assert.deepEqual(mainnetOnly.supportedNetworks, ['Mainnet'])

    const network = success(await request('wallet_getNetwork', null, 'MainnetOnlyBitcoin'))
    assert.ok(v.is(getNetworkResultSchema, network))
    assert.deepEqual(network, { bitcoin: { name: 'Mainnet' }, stacks: { name: 'mainnet' }, spark: { name: 'mainnet' } })
    const regtest = success(await request('wallet_getNetwork', null, DEVNET_BITCOIN_PROVIDER_ID)) as { bitcoin: { name: string } }
    assert.equal(regtest.bitcoin.name, 'Regtest')

    const refused = failure(await request('wallet_connect', { network: 'Regtest' as never }, 'MainnetOnlyBitcoin'), RpcErrorCode.INVALID_PARAMS)
    assert.match(refused, /does not support the Regtest network/)
    failure(await request('wallet_changeNetwork', { name: 'Regtest' as never }, 'MainnetOnlyBitcoin'), RpcErrorCode.INVALID_PARAMS)
    assert.deepEqual(mainnetOnly.getPermittedPurposes(), [], 'a refused connect grants nothing')

    const accounts = success(await request('getAccounts', { purposes: PURPOSES as never }, 'MainnetOnlyBitcoin')) as { address: string }[]
    assert.deepEqual(
      accounts.map(a => a.address),
      ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr']
    )
    assert.throws(() => installDevnetBitcoinWallet({ storage: null, network: 'Regtest', supportedNetworks: ['Mainnet'] }), /not in supportedNetworks/)
  })

  it('switches networks with wallet_changeNetwork and wallet_connect, with networkChange events', async () => {
    const provider = installDevnetBitcoinWallet({ storage: g.localStorage as never })
    success(await request('getAccounts', { purposes: PURPOSES as never }, DEVNET_BITCOIN_PROVIDER_ID))
    const events: BitcoinWalletEvent[] = []
    provider.addListener({ eventName: 'networkChange', cb: event => events.push(event) })

    assert.equal(success(await request('wallet_changeNetwork', { name: 'Testnet' as never }, DEVNET_BITCOIN_PROVIDER_ID)), null)
    assert.equal(provider.getNetwork(), 'Testnet')
    assert.equal(events.length, 1)
    const change = events[0] as Extract<BitcoinWalletEvent, { type: 'networkChange' }>
    assert.equal(change.bitcoin.name, 'Testnet')
    assert.equal(change.addresses?.[0]?.address, 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl')
    // Persisted like a real wallet's selection: a new instance on the same storage starts there.
    assert.equal(installDevnetBitcoinWallet({ storage: g.localStorage as never }).getNetwork(), 'Testnet')

    const connected = success(await request('wallet_connect', { network: 'Regtest' as never }, DEVNET_BITCOIN_PROVIDER_ID)) as {
      network: { bitcoin: { name: string } }
      addresses: { address: string }[]
    }
    assert.equal(connected.network.bitcoin.name, 'Regtest')
    assert.equal(connected.addresses[0]!.address, DEVNET_BITCOIN_REGTEST_ADDRESSES.payment)
    failure(await send('wallet_changeNetwork', { name: 'regtest' }, DEVNET_BITCOIN_PROVIDER_ID), RpcErrorCode.INVALID_PARAMS)

    provider.reset()
    assert.equal(provider.getNetwork(), 'Regtest')
    assert.deepEqual(provider.getPermittedPurposes(), [])
  })

  it('hands events to sats-connect listeners and lets tests emit them', () => {
    const provider: DevnetBitcoinProvider = installDevnetBitcoinWallet({ storage: null })
    const seen: unknown[] = []
    const stop = addListener('accountChange', (event: unknown) => seen.push(event))
    assert.equal(provider.emit({ type: 'accountChange', addresses: [] }), true)
    stop()
    assert.equal(provider.emit({ type: 'accountChange' }), false)
    assert.deepEqual(seen, [{ type: 'accountChange', addresses: [] }])
  })
})
