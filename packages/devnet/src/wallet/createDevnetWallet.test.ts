// Node tests of the Devnet Wallet's protocol logic against real anvil chains. The prompt UI
// needs a DOM and is covered by the browser tests; here the modes are 'approve' and 'reject'.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { recoverMessageAddress, recoverTypedDataAddress, type Hex } from 'viem'
import { DEVNET_ACCOUNTS, WALLET_ACCOUNT } from '../constants.js'
import { findFreePort } from '../freePort.js'
import { startDevnet, type Devnet } from '../startDevnet.js'
import { waitForReceipt } from '../waitForReceipt.js'
import { announceDevnetWallet, type EIP6963ProviderDetail } from './announceDevnetWallet.js'
import { createDevnetWallet } from './createDevnetWallet.js'
import type { StorageLike, WalletMode } from './types.js'

function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return {
    map,
    getItem: key => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: key => void map.delete(key)
  }
}

async function rejectsWith(promise: Promise<unknown>, code: number): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof Error, 'an Error')
    assert.equal((error as { code?: unknown }).code, code, (error as Error).message)
    return true
  })
}

// An address where nothing listens (fetch refuses well-known ports such as 9, so pick a free one).
let deadUrl = ''

describe('createDevnetWallet', () => {
  let devnet: Devnet | undefined
  before(async () => {
    devnet = await startDevnet()
    deadUrl = `http://127.0.0.1:${await findFreePort()}/`
  })
  after(async () => {
    await devnet?.stop()
  })
  const wallet = (mode: WalletMode = 'approve', storage: StorageLike = memoryStorage()) =>
    createDevnetWallet({ chains: devnet!.chains, mode, storage, origin: 'http://127.0.0.1:5173' })

  it('connects on approval, emits accountsChanged and remembers the permission', async () => {
    const storage = memoryStorage()
    const provider = wallet('approve', storage)
    assert.equal(provider.isDevnetWallet, true)
    assert.deepEqual(await provider.request({ method: 'eth_accounts' }), [])
    const seen: unknown[] = []
    provider.on('accountsChanged', accounts => seen.push(accounts))
    assert.deepEqual(await provider.request({ method: 'eth_requestAccounts' }), [WALLET_ACCOUNT])
    assert.deepEqual(seen, [[WALLET_ACCOUNT]])
    assert.equal(storage.map.get('devnet-wallet/permitted'), 'true')
    // "After a reload": a new instance on the same storage.
    assert.deepEqual(await wallet('reject', storage).request({ method: 'eth_accounts' }), [WALLET_ACCOUNT])
  })

  it('rejects with 4001 in reject mode, and setMode changes that', async () => {
    const provider = wallet('reject')
    await rejectsWith(provider.request({ method: 'eth_requestAccounts' }), 4001)
    await rejectsWith(provider.request({ method: 'eth_requestAccounts' }), 4001)
    assert.deepEqual(await provider.request({ method: 'eth_accounts' }), [])
    provider.setMode('approve')
    assert.equal(provider.getMode(), 'approve')
    assert.deepEqual(await provider.request({ method: 'eth_requestAccounts' }), [WALLET_ACCOUNT])
    assert.throws(() => provider.setMode('maybe' as WalletMode))
  })

  it('switches chains, emits chainChanged and forwards to the current chain', async () => {
    const storage = memoryStorage()
    const provider = wallet('approve', storage)
    assert.equal(await provider.request({ method: 'eth_chainId' }), '0x7a69')
    const changes: unknown[] = []
    provider.on('chainChanged', chainId => changes.push(chainId))
    assert.equal(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }), null)
    assert.deepEqual(changes, ['0x7a6a'])
    assert.equal(await provider.request({ method: 'eth_chainId' }), '0x7a6a')
    assert.equal(await provider.request({ method: 'net_version' }), '31338')
    assert.equal(await wallet('approve', storage).request({ method: 'eth_chainId' }), '0x7a6a', 'persists')
    await rejectsWith(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }), 4902)
    await rejectsWith(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 31337 }] }), -32602)
    provider.setMode('reject')
    await rejectsWith(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }), 4001)
    assert.equal(await provider.request({ method: 'eth_chainId' }), '0x7a6a')
  })

  it('validates and adds chains so that a later switch works', async () => {
    const provider = wallet()
    const valid = {
      chainId: '0x7a6b',
      chainName: 'Devnet 3',
      rpcUrls: [devnet!.chains[0]!.rpcUrl],
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }
    }
    for (const bad of [
      { ...valid, chainId: '31339' },
      { ...valid, rpcUrls: [] },
      { ...valid, rpcUrls: [42] },
      { ...valid, chainName: 7 },
      { ...valid, nativeCurrency: { name: 'Ether', symbol: 'ETH' } }
    ]) {
      await rejectsWith(provider.request({ method: 'wallet_addEthereumChain', params: [bad] }), -32602)
    }
    await rejectsWith(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6b' }] }), 4902)
    assert.equal(await provider.request({ method: 'wallet_addEthereumChain', params: [valid] }), null)
    assert.equal(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6b' }] }), null)
    assert.equal(await provider.request({ method: 'eth_chainId' }), '0x7a6b')
  })

  it('signs messages and typed data, and sends transactions, only with permission', async () => {
    const provider = wallet()
    const message = '0x68656c6c6f' // "hello"
    await rejectsWith(provider.request({ method: 'personal_sign', params: [message, WALLET_ACCOUNT] }), 4100)
    await provider.request({ method: 'eth_requestAccounts' })
    await rejectsWith(provider.request({ method: 'personal_sign', params: [message, DEVNET_ACCOUNTS[2]] }), 4100)

    const signature = (await provider.request({ method: 'personal_sign', params: [message, WALLET_ACCOUNT.toLowerCase()] })) as Hex
    assert.equal(await recoverMessageAddress({ message: 'hello', signature }), WALLET_ACCOUNT)

    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' }
        ],
        Greeting: [{ name: 'text', type: 'string' }]
      },
      primaryType: 'Greeting',
      domain: { name: 'Devnet', chainId: 31337 },
      message: { text: 'hi' }
    } as const
    const typedSignature = (await provider.request({ method: 'eth_signTypedData_v4', params: [WALLET_ACCOUNT, JSON.stringify(typedData)] })) as Hex
    const { domain, primaryType, message: greeting } = typedData
    assert.equal(
      await recoverTypedDataAddress({ domain, primaryType, message: greeting, types: { Greeting: typedData.types.Greeting }, signature: typedSignature }),
      WALLET_ACCOUNT
    )

    const hash = await provider.request({ method: 'eth_sendTransaction', params: [{ to: DEVNET_ACCOUNTS[3], value: '0x1' }] })
    // anvil answers eth_sendTransaction before the block is mined: wait until it is, then read
    // the receipt through the wallet.
    await waitForReceipt(devnet!.chains[0]!.rpcUrl, hash as Hex)
    const receipt = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { status: string; from: string } | null
    assert.ok(receipt)
    assert.equal(receipt.status, '0x1')
    assert.equal(receipt.from, WALLET_ACCOUNT.toLowerCase())

    provider.setMode('reject')
    await rejectsWith(provider.request({ method: 'eth_sendTransaction', params: [{ to: DEVNET_ACCOUNTS[3], value: '0x1' }] }), 4001)
  })

  it('revokes permissions', async () => {
    const provider = wallet()
    await provider.request({ method: 'eth_requestAccounts' })
    const seen: unknown[] = []
    provider.on('accountsChanged', accounts => seen.push(accounts))
    assert.equal(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }), null)
    assert.deepEqual(seen, [[]])
    assert.deepEqual(await provider.request({ method: 'eth_accounts' }), [])
  })

  it('re-throws node errors with their code, 4200 for unknown wallet_ methods', async () => {
    const provider = wallet()
    await rejectsWith(provider.request({ method: 'wallet_watchAsset', params: [] }), 4200)
    await rejectsWith(provider.request({ method: 'eth_noSuchMethod', params: [] }), -32601)
    await rejectsWith(provider.request({ method: '' }), -32600)
  })

  it('emits disconnect when the chain cannot be reached', async () => {
    const provider = createDevnetWallet({ chains: [{ chainId: 1, name: 'Gone', rpcUrl: deadUrl }], storage: null })
    const events: unknown[] = []
    provider.on('disconnect', error => events.push(error))
    await rejectsWith(provider.request({ method: 'eth_blockNumber' }), 4900)
    assert.equal(events.length, 1)
    assert.equal(provider.isConnected(), false)
  })

  it('emit() and removeListener() work for tests', () => {
    const provider = wallet()
    const seen: unknown[] = []
    const listener = (value: unknown): void => void seen.push(value)
    provider.on('accountsChanged', listener)
    assert.equal(provider.emit('accountsChanged', ['0xabc']), true)
    provider.removeListener('accountsChanged', listener)
    assert.equal(provider.emit('accountsChanged', []), false)
    assert.deepEqual(seen, [['0xabc']])
  })
})

describe('announceDevnetWallet', () => {
  it('announces at once and on every request, with a frozen detail', () => {
    const target = new EventTarget() as EventTarget & { ethereum?: unknown }
    const provider = createDevnetWallet({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9/' }], storage: null })
    const seen: EIP6963ProviderDetail[] = []
    target.addEventListener('eip6963:announceProvider', event => seen.push((event as CustomEvent<EIP6963ProviderDetail>).detail))

    const stop = announceDevnetWallet(provider, { target, setWindowEthereum: true })
    assert.equal(seen.length, 1, 'announced immediately')
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    assert.equal(seen.length, 2, 'announced on request')

    const detail = seen[0]!
    assert.equal(seen[1], detail)
    assert.ok(Object.isFrozen(detail) && Object.isFrozen(detail.info))
    assert.equal(detail.provider, provider)
    assert.equal(detail.info.name, 'Devnet Wallet')
    assert.equal(detail.info.rdns, 'dev.wallet-modal.devnet')
    assert.match(detail.info.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    assert.match(detail.info.icon, /^data:image\/svg\+xml,/)
    assert.equal(target.ethereum, provider)

    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    assert.equal(seen.length, 2)
  })

  it('leaves an existing window.ethereum alone', () => {
    const target = new EventTarget() as EventTarget & { ethereum?: unknown }
    target.ethereum = 'other'
    const provider = createDevnetWallet({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9/' }], storage: null })
    announceDevnetWallet(provider, { target, setWindowEthereum: true })()
    assert.equal(target.ethereum, 'other')
  })
})

describe('createDevnetWallet events', () => {
  it('emits connect with the chain id after creation', async () => {
    const provider = createDevnetWallet({ chains: [{ chainId: 31338, name: 'Devnet 2', rpcUrl: 'http://127.0.0.1:1/' }], storage: null })
    const seen: unknown[] = []
    provider.on('connect', info => seen.push(info))
    await Promise.resolve()
    assert.deepEqual(seen, [{ chainId: '0x7a6a' }])
  })
})
