// The swap client against the devnet's wallet-modal server, whose swaps are made on the devnet's
// Uniswap V2 exchange: what it builds is sent from an unlocked anvil account and mined.
import { expect } from 'chai'
import { decodeFunctionData, erc20Abi, type Hex } from 'viem'
import { createHttpClient } from './HttpClient.js'
import { createSwapClient, type SwapCall, type SwapClient } from './SwapClient.js'
import { getDevnet, rpc, setFault, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'
import { isWalletModalError } from '../errors/WalletModalError.js'

/** Anvil account 6: ETH only, and no other test trades from it. */
const TRADER = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'

describe('swap client (devnet Uniswap V2 through the server)', () => {
  let info: DevnetInfo
  let swaps: SwapClient
  const chain = 'eip155:31337'
  const dusd = () => `${chain}:${info.tokens.DUSD}`
  /** Sends as the unlocked account, with the gas the service estimated (anvil's own estimate of a first swap is too tight). */
  const send = async (tx: SwapCall) => {
    const gas = tx.gas ? { gas: `0x${tx.gas.toString(16)}` } : {}
    const hash = await rpc<Hex>(info.chains[0]!.rpcUrl, 'eth_sendTransaction', [
      { from: tx.from, to: tx.to, data: tx.data, value: `0x${tx.value.toString(16)}`, ...gas }
    ])
    return waitFor(() => rpc<{ status: string } | null>(info.chains[0]!.rpcUrl, 'eth_getTransactionReceipt', [hash]), 5000, 'the receipt')
  }
  const dusdOf = async (who: string) =>
    BigInt(
      await rpc<Hex>(info.chains[0]!.rpcUrl, 'eth_call', [
        { to: info.tokens.DUSD, data: `0x70a08231${who.slice(2).toLowerCase().padStart(64, '0')}` },
        'latest'
      ])
    )

  before(async () => {
    info = await getDevnet()
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
    swaps = createSwapClient(createHttpClient(), info.serviceUrl, 'demo')
  })
  after(() => setFault(info.serviceUrl, { path: '/', mode: 'clear' }))

  it("lists the network's tokens and quotes, builds and mines ETH -> DUSD within the slippage", async () => {
    expect((await swaps.tokens(chain)).map(t => t.symbol)).to.deep.equal(['ETH', 'DUSD', 'USDT'])
    const trade = { from: `${chain}:native`, to: dusd(), amount: 10n ** 16n, userAddress: `${chain}:${TRADER}` }
    const quote = await swaps.quote(trade)
    expect(quote.provider).to.equal('uniswap-v2')
    expect(quote.route).to.deep.equal([`${chain}:native`, dusd()])
    expect(quote.spender).to.equal(undefined)
    // 0.01 ETH at 3000 DUSD, less the 0.3% fee: a little under 30 DUSD.
    expect(Number(quote.toAmount)).to.be.within(29_000_000, 30_000_000)
    const { tx, minimumReceived } = await swaps.buildTransaction(trade, quote, 1)
    expect(minimumReceived).to.equal((BigInt(quote.toAmount) * 99n) / 100n)
    const before = await dusdOf(TRADER)
    expect((await send(tx)).status).to.equal('0x1')
    expect((await dusdOf(TRADER)) - before).to.equal(BigInt(quote.toAmount))
  })

  it('reads the allowance and builds an exact approval for a token', async () => {
    const trade = { from: dusd(), to: `${chain}:native`, amount: 5_000_000n, userAddress: `${chain}:${TRADER}` }
    const { allowance, spender } = await swaps.allowance(trade.from, trade.userAddress)
    expect(allowance).to.equal(0n)
    const approval = await swaps.buildApprove(trade)
    expect(approval.to.toLowerCase()).to.equal(info.tokens.DUSD!.toLowerCase())
    const call = decodeFunctionData({ abi: erc20Abi, data: approval.data as Hex })
    expect(call.functionName).to.equal('approve')
    expect(call.args).to.deep.equal([spender, 5_000_000n])
    expect((await swaps.quote(trade)).spender).to.equal(spender)
  })

  it("says the service's reason, and refuses an answer that is not a quote", async () => {
    const refused = await swaps.tokens('eip155:1').catch((e: unknown) => e)
    expect(isWalletModalError(refused) && refused.details).to.equal('Network not supported for Swaps')
    await setFault(info.serviceUrl, { path: '/v1/convert/quotes', mode: 'malformed', times: 1 })
    const bad = await swaps.quote({ from: `${chain}:native`, to: dusd(), amount: 10n ** 15n, userAddress: `${chain}:${TRADER}` }).catch((e: unknown) => e)
    expect(isWalletModalError(bad) && bad.code).to.equal('INVALID_RESPONSE')
  })
})
