import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { connectExternal } from './connect.js'
import { isWalletModalError } from '../errors/WalletModalError.js'
import { announceDevnetWallet, createDevnetWallet, devnetNetworks, getDevnet, memoryStorage, rpc, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'

const WALLET_ID = 'dev.wallet-modal.devnet'
/** A fresh address each run: its balance moves by exactly what is sent. */
const RECEIVER = `0x${[...crypto.getRandomValues(new Uint8Array(20))].map(b => b.toString(16).padStart(2, '0')).join('')}`

describe('the site-facing wallet actions (signMessage, sendNative) through the adapters', () => {
  let info: DevnetInfo
  let core: Core | undefined
  let stop: (() => void) | undefined
  let wallet: ReturnType<typeof createDevnetWallet>

  before(async () => {
    info = await getDevnet()
  })
  afterEach(() => {
    core?.destroy()
    stop?.()
    core = undefined
  })

  const connected = async () => {
    wallet = createDevnetWallet({ chains: info.chains, mode: 'approve' })
    stop = announceDevnetWallet(wallet, { setWindowEthereum: false })
    core = createCore({ projectId: 'test', networks: devnetNetworks(info), storage: memoryStorage(), enableInjected: false })
    await waitFor(() => core!.connector.get(WALLET_ID), 3000, 'the wallet announcement')
    await connectExternal(core, WALLET_ID)
    return core
  }

  it('signs with the connected wallet and sends native currency that reaches the chain', async () => {
    const c = await connected()
    expect(await c.signMessage('hello')).to.match(/^0x[0-9a-f]{130}$/)
    const before = BigInt(await rpc<string>(info.chains[0]!.rpcUrl, 'eth_getBalance', [RECEIVER, 'latest']))
    const hash = await c.sendNative({ to: RECEIVER, amount: '0.25' })
    await waitFor(async () => !!(await rpc(info.chains[0]!.rpcUrl, 'eth_getTransactionReceipt', [hash])), 5000, 'the receipt')
    const after = BigInt(await rpc<string>(info.chains[0]!.rpcUrl, 'eth_getBalance', [RECEIVER, 'latest']))
    expect(after - before).to.equal(250_000_000_000_000_000n)
  })

  it("rejects with the modal's own errors, never the wallet's: a declined signature or send is 'Signature declined'", async () => {
    const c = await connected()
    wallet.setMode('reject')
    const declined = await c.signMessage('hello').catch(e => e)
    expect(isWalletModalError(declined, 'SIGNATURE_DECLINED'), String(declined)).to.equal(true)
    expect(declined.shortMessage).to.equal('Signature declined')
    const refused = await c.sendNative({ to: RECEIVER, amount: '0.25' }).catch(e => e)
    expect(isWalletModalError(refused, 'SIGNATURE_DECLINED'), String(refused)).to.equal(true)
  })

  it('refuses a receiver that is not an address of the namespace, and acting while disconnected', async () => {
    const c = await connected()
    const bad = await c.sendNative({ to: 'not-an-address', amount: '1' }).catch(e => e)
    expect(isWalletModalError(bad, 'INVALID_RECEIVER')).to.equal(true)
    await c.disconnect()
    const gone = await c.signMessage('hello').catch(e => e)
    expect(isWalletModalError(gone, 'CONNECTOR_NOT_FOUND')).to.equal(true)
  })
})
