// Sending against the real devnet: the Devnet Wallet (EIP-1193 over anvil), the wallet-modal
// server (balances, names), and the chain read back through plain JSON-RPC by the test.
import { expect } from 'chai'
import type { Core } from '../createCore.js'
import { fetchTokenBalances } from './balances.js'
import { walletFeatures } from './walletFeatures.js'
import { sendTokens } from './sendTokens.js'
import { amountError, maxSendAmount, sendableTokens, tokenContract } from './sendDraft.js'
import { estimateSendFee, formatFee } from './sendFee.js'
import { resolveReceiver } from './sendReceiver.js'
import { isWalletModalError } from '../errors/WalletModalError.js'
import { connectedDevnetCore, getDevnet, rpc, serverRequests, setFault, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'
import type { TokenBalance } from '../api/schemas.js'
import { spyOnFetch } from '../__fixtures__/spyOnFetch.js'

/** Anvil account 2: the receiver, named 'devnet-friend.reown.id' by the demo server. */
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const balanceOf = async (url: string, token: string, holder: string) =>
  BigInt(await rpc<string>(url, 'eth_call', [{ to: token, data: `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']))
const ethBalance = async (url: string, holder: string) => BigInt(await rpc<string>(url, 'eth_getBalance', [holder, 'latest']))

describe('sending tokens (devnet)', () => {
  let info: DevnetInfo
  let core: Core | undefined
  let stop: (() => void) | undefined
  let wallet: Awaited<ReturnType<typeof connectedDevnetCore>>['wallet']

  const connected = async (services = true) => {
    const made = await connectedDevnetCore(info, { services })
    wallet = made.wallet
    stop = made.stop
    return (core = made.core)
  }
  const token = (c: Core, symbol: string): TokenBalance => {
    const t = sendableTokens(c).find(x => x.symbol === symbol)
    if (!t) throw new Error(`no ${symbol} among ${sendableTokens(c).map(x => x.symbol)}`)
    return t
  }
  const withBalances = async (c: Core) => {
    await fetchTokenBalances(c, { force: true })
    await waitFor(() => c.blockchainApi.state.tokenBalances.some(t => t.symbol === 'USDT'), 5000, 'token balances')
  }
  const draft = (c: Core, t: TokenBalance | undefined, amount?: string, to?: string) => {
    const { send } = walletFeatures(c)
    send.resetSend()
    send.setToken(t)
    send.setAmount(amount)
    if (to) send.setReceiver(to)
    return send
  }
  const mined = (c: Core) => waitFor(() => walletFeatures(c).send.state.pending.length === 0, 10_000, 'the transaction to be mined')

  before(async () => {
    info = await getDevnet()
  })
  afterEach(() => {
    stop?.()
    core = undefined
    stop = undefined
  })

  it('sends 0.5 ETH: the receiver gets exactly 0.5, the sender pays 0.5 plus the gas, and the send lands on Account', async () => {
    const c = await connected()
    await withBalances(c)
    const url = info.chains[0]!.rpcUrl
    const [senderBefore, receiverBefore] = await Promise.all([ethBalance(url, info.walletAccount), ethBalance(url, RECEIVER)])
    const events: string[] = []
    c.subscribeEvents(e => events.push(e.type))
    c.router.reset('Account')
    c.router.push('WalletSend')
    c.router.push('WalletSendPreview')
    draft(c, token(c, 'ETH'), '0.5', RECEIVER)
    const hash = await sendTokens(c)
    expect(hash).to.match(/^0x[0-9a-f]{64}$/)
    expect(events).to.include('SEND_SUCCESS')
    expect(c.router.state.view).to.equal('Account')
    // Spec §2: after a successful send, Account replaces the top of the stack (Review Send).
    expect(c.router.state.history).to.deep.equal(['Account', 'WalletSend', 'Account'])
    expect(walletFeatures(c).send.state.sendTokenAmount, 'draft reset').to.equal(undefined)
    await mined(c)
    const receipt = await rpc<{ status: string; gasUsed: string; effectiveGasPrice: string }>(url, 'eth_getTransactionReceipt', [hash])
    expect(receipt.status).to.equal('0x1')
    const gas = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
    expect(await ethBalance(url, RECEIVER)).to.equal(receiverBefore + 500_000_000_000_000_000n)
    expect(await ethBalance(url, info.walletAccount)).to.equal(senderBefore - 500_000_000_000_000_000n - gas)
  })

  it('sends 10 DUSD and 10 of the USDT-like token (whose transfer returns nothing): both confirmed, balances moved exactly', async () => {
    const c = await connected()
    await withBalances(c)
    const url = info.chains[0]!.rpcUrl
    for (const symbol of ['DUSD', 'USDT']) {
      const t = token(c, symbol)
      expect(tokenContract(t)?.toLowerCase()).to.equal(info.tokens[symbol]!.toLowerCase())
      const [from, to] = await Promise.all([balanceOf(url, info.tokens[symbol]!, info.walletAccount), balanceOf(url, info.tokens[symbol]!, RECEIVER)])
      draft(c, t, '10', RECEIVER)
      const hash = await sendTokens(c)
      await mined(c)
      const receipt = await rpc<{ status: string }>(url, 'eth_getTransactionReceipt', [hash])
      expect(receipt.status, symbol).to.equal('0x1')
      expect(await balanceOf(url, info.tokens[symbol]!, info.walletAccount), symbol).to.equal(from - 10_000_000n)
      expect(await balanceOf(url, info.tokens[symbol]!, RECEIVER), symbol).to.equal(to + 10_000_000n)
      // The token list is fetched again after the send.
      await waitFor(
        () => c.blockchainApi.state.tokenBalances.find(b => b.symbol === symbol)?.quantity.numeric === String(Number(from - 10_000_000n) / 1e6),
        5000,
        `${symbol} balance refresh`
      )
    }
  })

  it("refuses an incomplete draft with the spec's words, and an amount the account does not have", async () => {
    const c = await connected()
    await withBalances(c)
    const eth = token(c, 'ETH')
    const expectError = async (words: string) => {
      const err = await sendTokens(c).then(
        () => undefined,
        e => e
      )
      expect(isWalletModalError(err), String(err)).to.equal(true)
      expect(err.shortMessage).to.equal(words)
      expect(walletFeatures(c).send.state.error).to.equal(words)
      expect(walletFeatures(c).send.state.loading).to.equal(false)
      // An invalid action shakes the modal (spec §3), for 500 ms.
      expect(c.modal.state.shake).to.equal(true)
      await waitFor(() => !c.modal.state.shake, 2000, 'the shake to clear')
    }
    draft(c, eth, undefined, RECEIVER)
    await expectError('An amount and receiver address are required')
    draft(c, eth, '1')
    await expectError('An amount and receiver address are required')
    draft(c, undefined, '1', RECEIVER)
    await expectError('A token is required')
    draft(c, eth, '1000000', RECEIVER)
    await expectError('Insufficient funds')
    draft(c, eth, '1.2.3', RECEIVER)
    await expectError('Enter a valid amount')
    draft(c, eth, '1', RECEIVER)
    c.chain.setActiveNamespace('bip122')
    await expectError('Unsupported chain')
    c.chain.setActiveNamespace('eip155')
  })

  it("a rejection in the wallet says 'Signature declined' and keeps the draft", async () => {
    const c = await connected()
    await withBalances(c)
    const usdt = token(c, 'USDT')
    const before = await balanceOf(info.chains[0]!.rpcUrl, info.tokens.USDT!, RECEIVER)
    wallet.setMode('reject')
    const send = draft(c, usdt, '3', RECEIVER)
    const err = await sendTokens(c).catch(e => e)
    expect(err.shortMessage).to.equal('Signature declined')
    expect(send.state.error).to.equal('Signature declined')
    expect(send.state.token?.symbol).to.equal('USDT')
    expect(send.state.sendTokenAmount).to.equal('3')
    expect(send.state.receiverAddress).to.equal(RECEIVER)
    expect(send.state.pending).to.deep.equal([])
    expect(await balanceOf(info.chains[0]!.rpcUrl, info.tokens.USDT!, RECEIVER)).to.equal(before)
  })

  it('counts a transaction as pending until it is mined (anvil with automine off)', async () => {
    const c = await connected()
    await withBalances(c)
    const url = info.chains[0]!.rpcUrl
    await rpc(url, 'evm_setAutomine', [false])
    const sent = spyOnFetch()
    try {
      draft(c, token(c, 'ETH'), '0.001', RECEIVER)
      await sendTokens(c)
      expect(c.chain.state.namespaces.eip155.account.pendingTransactions).to.equal(1)
      // The receipt is asked for again (every second) only once the last answer said "not yet":
      // a second request means an unmined answer has been taken in.
      const receiptPolls = () => sent.calls.filter(r => r.body?.includes('eth_getTransactionReceipt')).length
      await waitFor(() => receiptPolls() >= 2, 5000, 'a second receipt poll')
      expect(c.chain.state.namespaces.eip155.account.pendingTransactions, 'still pending before a block').to.equal(1)
      await rpc(url, 'evm_mine', [])
    } finally {
      sent.restore()
      await rpc(url, 'evm_setAutomine', [true])
    }
    await waitFor(() => c.chain.state.namespaces.eip155.account.pendingTransactions === 0, 5000, 'pending cleared')
  })

  it('Max leaves the fee for a native send and is the whole balance for a token; the fee estimate is shown', async () => {
    const c = await connected()
    await withBalances(c)
    const url = info.chains[0]!.rpcUrl
    const send = draft(c, token(c, 'ETH'), undefined, RECEIVER)
    const max = await maxSendAmount(c)
    const balance = await ethBalance(url, info.walletAccount)
    const maxWei = BigInt(Math.round(Number(max) * 1e6)) * 10n ** 12n
    expect(maxWei < balance, 'below the balance').to.equal(true)
    expect(balance - maxWei < 10n ** 15n, 'keeps back only about the fee').to.equal(true)
    send.setAmount(max)
    const fee = await estimateSendFee(c)
    expect(fee && fee.raw > 0n).to.equal(true)
    expect(send.state.fee?.raw).to.equal(fee!.raw)
    expect(formatFee(fee!)).to.match(/^(<\$0\.01|\$\d+\.\d\d|[\d.e-]+ ETH)$/)
    draft(c, token(c, 'DUSD'), undefined, RECEIVER)
    expect(await maxSendAmount(c)).to.equal(token(c, 'DUSD').quantity.numeric)
  })

  it('without a balance service, the native coin can still be sent', async () => {
    const c = await connected(false)
    await waitFor(() => c.chain.state.namespaces.eip155.account.balance, 5000, 'native balance')
    const tokens = sendableTokens(c)
    expect(tokens.map(t => t.symbol)).to.deep.equal(['ETH'])
    draft(c, tokens[0], '0.01', RECEIVER)
    expect(await sendTokens(c)).to.match(/^0x/)
  })

  it('resolves the receiver: an address (with its name), a name (to its address), an unknown name, garbage', async () => {
    const c = await connected()
    const send = walletFeatures(c).send
    // Forgets the requests of earlier tests.
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
    await resolveReceiver(c, RECEIVER)
    expect(send.state.receiverAddress).to.equal(RECEIVER)
    expect(send.state.receiverProfileName).to.equal('devnet-friend.reown.id')
    // The receiver is looked up; the sender is the connected account asking (spec §7).
    const lookups = await serverRequests(info.serviceUrl, `/v1/identity/${RECEIVER}`)
    expect(lookups.map(u => u.searchParams.get('sender')?.toLowerCase())).to.deep.equal([info.walletAccount.toLowerCase()])
    await resolveReceiver(c, 'Devnet-Friend.reown.id')
    expect(send.state.receiverAddress?.toLowerCase()).to.equal(RECEIVER.toLowerCase())
    expect(send.state.receiverProfileName).to.equal('devnet-friend.reown.id')
    await resolveReceiver(c, 'nobody-here.reown.id')
    expect(send.state.receiverAddress).to.equal(undefined)
    // Spec §8: the service's first reason.
    expect(send.state.receiverError).to.equal('Name not found: nobody-here.reown.id')
    await resolveReceiver(c, '0x123')
    expect(send.state.receiverError).to.equal('Invalid address')
    await resolveReceiver(c, '')
    expect(send.state.receiverError).to.equal(undefined)
  })

  it('checks amounts: positive decimals within the decimals and the balance', () => {
    const t = { name: 'T', symbol: 'T', chainId: 'eip155:1', value: 0, price: 0, quantity: { decimals: '6', numeric: '12.5' } }
    expect(amountError(t, '12.5')).to.equal(undefined)
    expect(amountError(t, '.5')).to.equal(undefined)
    expect(amountError(t, '12.500001')).to.equal('INSUFFICIENT_FUNDS')
    expect(amountError(t, '0.0000001')).to.equal('INVALID_AMOUNT')
    expect(amountError(t, '0')).to.equal('INVALID_AMOUNT')
    expect(amountError(t, '-1')).to.equal('INVALID_AMOUNT')
    expect(amountError(t, '1e3')).to.equal('INVALID_AMOUNT')
    expect(amountError(t, 'abc')).to.equal('INVALID_AMOUNT')
  })
})
