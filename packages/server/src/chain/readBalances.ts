import { decodeFunctionResult, encodeFunctionData, erc20Abi, multicall3Abi, type Address, type Hex, type PublicClient } from 'viem'
import type { ChainConfig, TokenConfig } from '../config/ServerConfig.js'
import { createChainClient } from './createChainClient.js'
import type { PriceTable } from './PriceTable.js'
import { failingTokens, type FailingTokens } from '../tokenLists/FailingTokens.js'
import { isolateFailingCalls, type BatchSlot, type IsolatingReader } from '../tokenLists/isolateFailingCalls.js'
import { toTokenBalance, type TokenBalance } from './toTokenBalance.js'
import { isNodeRefusal, upstreamFailure } from './upstreamFailure.js'
import { UPSTREAM_TIMEOUT_MS } from './upstreamRpc.js'

export type { TokenBalance } from './toTokenBalance.js'

/** Multicall3's address on nearly every EVM chain (and on the devnet's anvils, `installMulticall3`). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/**
 * Most `balanceOf` calls put in one Multicall3 `aggregate3` call: 500 cost some 4 M gas on anvil
 * and 112 KB of calldata (readBalances.test.ts measures it), well inside nodes' `eth_call` gas
 * caps (geth's default is 50 M) and request size limits. Longer lists take one call per 500.
 */
export const MAX_TOKENS_PER_MULTICALL = 500

/** Gas every balance `eth_call` may use whatever its size (Multicall3's own work, the answer's encoding). */
export const BALANCE_CALL_BASE_GAS = 100_000
/**
 * Gas each token adds to a balance `eth_call`: some six times what a plain `balanceOf` costs
 * through Multicall3 (about 8 k on anvil, 15 k for a proxied token read cold), so real tokens
 * always fit, while a token that spins cannot make the node run more than this per token asked.
 */
export const BALANCE_CALL_GAS_PER_TOKEN = 50_000

/**
 * The gas cap of a balance `eth_call` reading `tokens` tokens: {@link BALANCE_CALL_BASE_GAS} plus
 * {@link BALANCE_CALL_GAS_PER_TOKEN} each (25.1 M for 500, below geth's default `eth_call` cap of
 * 50 M; 150 k for one token read alone).
 *
 * @example
 * balanceCallGas(1) // 150000n
 *
 * @param tokens - Tokens in the call.
 */
export function balanceCallGas(tokens: number): bigint {
  return BigInt(BALANCE_CALL_BASE_GAS + BALANCE_CALL_GAS_PER_TOKEN * tokens)
}

/** Options of {@link readBalances}. */
export interface ReadBalancesOptions {
  /** Tokens left out because they fail any call they are in, and where newly found ones go (default {@link failingTokens}, the process's). */
  failing?: FailingTokens
}

/**
 * Reads an address's balances live from a chain through viem, in one JSON-RPC batch to the
 * chain's upstream node: `eth_getBalance`, and the `balanceOf` of every token in one Multicall3
 * `aggregate3` call (`allowFailure` on each, so a token that reverts, has no code or answers
 * something that is not a uint256 counts as none; one call per {@link MAX_TOKENS_PER_MULTICALL}
 * tokens). A chain without a contract at {@link MULTICALL3_ADDRESS} gets one `eth_call` per token
 * instead, in the same kind of batch. Every `eth_call` has a gas cap ({@link balanceCallGas}).
 *
 * One hostile token must not blank the chain: when the node refuses a whole `aggregate3` call (a
 * listed token's `balanceOf` burned all the gas, or answered so much that copying it did), the
 * culprit is found by bisecting ({@link isolateFailingCalls}: at most `2·⌈log2 n⌉ + 2` more calls),
 * the other tokens are read, and the culprit is left out of this answer and, for a while, of the
 * next ones (`options.failing`). Tokens the search could not reach within its bounds count as
 * none in this answer only. The native coin is always listed; tokens only when the address holds
 * some. Failures are {@link upstreamFailure}s (502, 504): the node unreachable or slow, or
 * refusing even an empty batch.
 *
 * @example
 * const balances = await readBalances(chain, '0xf39F…2266', prices, symbol => `/public/getTokenImage/${symbol}`)
 *
 * @param chain - A configured eip155 chain.
 * @param address - 0x address.
 * @param prices - USD prices.
 * @param iconUrl - Icon URL of a token symbol (configured or this server's image).
 * @param timeoutMs - Upstream timeout.
 * @param tokens - The tokens to read (default the chain's configured ones; the server passes
 *   `TokenLists.tokensFor(chain)`: configured and listed tokens, less the hidden ones).
 * @param options - See {@link ReadBalancesOptions}.
 */
export async function readBalances(
  chain: ChainConfig,
  address: string,
  prices: PriceTable,
  iconUrl: (symbol: string, configured?: string) => string,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
  tokens: readonly TokenConfig[] = chain.tokens ?? [],
  options: ReadBalancesOptions = {}
): Promise<TokenBalance[]> {
  const client = createChainClient(chain.rpcUrl, timeoutMs)
  const owner = address as Address
  const failing = options.failing ?? failingTokens
  const readable = tokens.filter(token => !failing.has(chain.caipNetworkId, token.address))
  const [wei, held] = await Promise.all([
    client.getBalance({ address: owner }).catch(error => {
      throw upstreamFailure(error, timeoutMs, 'eth_getBalance')
    }),
    readTokenBalances(client, readable, owner, timeoutMs).then(({ amounts, culprits }) => {
      for (const token of culprits) failing.add(chain.caipNetworkId, token.address)
      return amounts
    })
  ])

  const entry = (symbol: string, name: string, decimals: number, amount: bigint, price: number, icon: string, contract?: string): TokenBalance =>
    toTokenBalance(chain, { symbol, name, decimals, price, iconUrl: icon, contract }, amount)
  const { nativeCurrency } = chain
  const balances = [entry(nativeCurrency.symbol, nativeCurrency.name, nativeCurrency.decimals, wei, prices.native(chain), iconUrl(nativeCurrency.symbol))]
  readable.forEach((token, i) => {
    const amount = held[i]!
    if (amount > 0n)
      balances.push(entry(token.symbol, token.name, token.decimals, amount, prices.token(chain, token), iconUrl(token.symbol, token.iconUrl), token.address))
  })
  return balances
}

/** Balances read, 0 where a token has none or answered nothing usable; and the tokens found to fail every call they are in. */
interface TokenAmounts {
  amounts: bigint[]
  culprits: TokenConfig[]
}

/** `balanceOf(owner)` of each token, in Multicall3 `aggregate3` calls when the chain has it. */
async function readTokenBalances(client: PublicClient, tokens: readonly TokenConfig[], owner: Address, timeoutMs: number): Promise<TokenAmounts> {
  if (tokens.length === 0) return { amounts: [], culprits: [] }
  const reader = balanceReader(client, owner)
  const chunks: (readonly TokenConfig[])[] = []
  for (let i = 0; i < tokens.length; i += MAX_TOKENS_PER_MULTICALL) chunks.push(tokens.slice(i, i + MAX_TOKENS_PER_MULTICALL))
  try {
    const read = await Promise.all(
      chunks.map(async chunk => {
        try {
          return { slots: await reader.readMany(chunk), culprits: [] }
        } catch (error) {
          if (error === NO_MULTICALL || !reader.isRefusal(error)) throw error
          // The node refused the whole call: find the token(s) to blame, read the others.
          const found = await isolateFailingCalls(chunk, error, reader)
          return {
            slots: found.values.map((value): BatchSlot<bigint> => (value === undefined ? { ok: false } : { ok: true, value })),
            culprits: found.culprits.map(i => chunk[i]!)
          }
        }
      })
    )
    return {
      // A failed call, or one that answered something other than a uint256, holds none.
      amounts: read.flatMap(r => r.slots.map(slot => (slot.ok ? slot.value : 0n))),
      culprits: read.flatMap(r => r.culprits)
    }
  } catch (error) {
    // No Multicall3 on this chain (its address answers "0x"): one call per token.
    if (error === NO_MULTICALL) return { amounts: await readEach(reader, tokens, timeoutMs), culprits: [] }
    throw upstreamFailure(error, timeoutMs, 'eth_call')
  }
}

/** Thrown by {@link balanceReader}'s `readMany` when the chain has no Multicall3. */
const NO_MULTICALL = new Error('No Multicall3 at its address')

/**
 * The balance reads, each one `eth_call` with its gas cap: `readMany` through Multicall3's
 * `aggregate3` (a slot holds a balance only when the call succeeded and answered exactly one
 * word), `readOne` straight to the token, `canary` an empty `aggregate3`.
 */
function balanceReader(client: PublicClient, owner: Address): IsolatingReader<TokenConfig, bigint> {
  const callData = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const aggregate = async (tokens: readonly TokenConfig[]) => {
    const { data } = await client.call({
      to: MULTICALL3_ADDRESS,
      data: encodeFunctionData({
        abi: multicall3Abi,
        functionName: 'aggregate3',
        args: [tokens.map(token => ({ target: token.address as Address, allowFailure: true, callData }))]
      }),
      gas: balanceCallGas(tokens.length)
    })
    if (!data) throw NO_MULTICALL
    const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data })
    if (results.length !== tokens.length) throw new Error(`aggregate3 answered ${results.length} results for ${tokens.length} calls`)
    return results
  }
  return {
    readMany: async tokens =>
      (await aggregate(tokens)).map((r): BatchSlot<bigint> => (r.success && isWord(r.returnData) ? { ok: true, value: BigInt(r.returnData) } : { ok: false })),
    readOne: async token => {
      const { data } = await client.call({ to: token.address as Address, data: callData, gas: balanceCallGas(1) })
      // A contract without code answers "0x", a broken one anything: no balance either way.
      return data && isWord(data) ? BigInt(data) : undefined
    },
    canary: () => aggregate([]),
    isRefusal: isNodeRefusal
  }
}

/**
 * `balanceOf` of each token in its own `eth_call` (viem batches them into one HTTP request). A
 * token whose call the node refuses (a revert, out of gas) holds none; when every call is
 * refused, the node is at fault (502).
 */
async function readEach(reader: IsolatingReader<TokenConfig, bigint>, tokens: readonly TokenConfig[], timeoutMs: number): Promise<bigint[]> {
  const settled = await Promise.allSettled(tokens.map(token => reader.readOne(token)))
  const refused = settled.filter(r => r.status === 'rejected')
  const broken = refused.find(r => !reader.isRefusal(r.reason)) ?? (refused.length === settled.length ? refused[0] : undefined)
  if (broken) throw upstreamFailure(broken.reason, timeoutMs, 'eth_call')
  return settled.map(r => (r.status === 'fulfilled' ? (r.value ?? 0n) : 0n))
}

/** Whether ABI data is exactly one 32-byte word, as a `uint256` answer is. */
const isWord = (data: Hex): boolean => data.length === 66
