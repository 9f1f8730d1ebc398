import { BaseError, ContractFunctionZeroDataError, encodeFunctionData, erc20Abi, multicall3Abi, type Address, type PublicClient } from 'viem'
import type { ChainConfig, TokenConfig } from '../config/ServerConfig.js'
import { createChainClient } from './createChainClient.js'
import type { PriceTable } from './PriceTable.js'
import { toTokenBalance } from './toTokenBalance.js'
import { upstreamFailure } from './upstreamFailure.js'
import { UPSTREAM_TIMEOUT_MS } from './upstreamRpc.js'

/** A token balance as spec §3 shapes it (`/v1/account/{address}/balance`). */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2 id of the chain. */
  chainId: string
  /** CAIP-10 id of the token contract; absent for the native coin. */
  address?: string
  /** USD value of the balance. */
  value: number
  /** USD price of one unit. */
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** Multicall3's address on nearly every EVM chain (and on the devnet's anvils, `installMulticall3`). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/**
 * Most `balanceOf` calls put in one Multicall3 `aggregate3` call: 500 cost some 4 M gas on anvil
 * and 112 KB of calldata (readBalances.test.ts measures it), well inside nodes' `eth_call` gas
 * caps (geth's default is 50 M) and request size limits. Longer lists take one call per 500.
 */
export const MAX_TOKENS_PER_MULTICALL = 500

/**
 * Reads an address's balances live from a chain through viem, in one JSON-RPC batch to the
 * chain's upstream node: `eth_getBalance`, and the `balanceOf` of every token in one Multicall3
 * `aggregate3` call (`allowFailure` on each, so a token that reverts or has no code counts as
 * none; one call per {@link MAX_TOKENS_PER_MULTICALL} tokens). A chain without a contract at
 * {@link MULTICALL3_ADDRESS} gets one `eth_call` per token instead, in the same kind of batch.
 * The native coin is always listed; tokens only when the address holds some. Failures are
 * {@link upstreamFailure}s (502, 504).
 *
 * @param chain - A configured eip155 chain.
 * @param address - 0x address.
 * @param prices - USD prices.
 * @param iconUrl - Icon URL of a token symbol (configured or this server's image).
 * @param timeoutMs - Upstream timeout.
 * @param tokens - The tokens to read (default the chain's configured ones; the server passes
 *   `TokenLists.tokensFor(chain)`: configured and listed tokens, less the hidden ones).
 */
export async function readBalances(
  chain: ChainConfig,
  address: string,
  prices: PriceTable,
  iconUrl: (symbol: string, configured?: string) => string,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
  tokens: readonly TokenConfig[] = chain.tokens ?? []
): Promise<TokenBalance[]> {
  const client = createChainClient(chain.rpcUrl, timeoutMs)
  const owner = address as Address
  const [wei, held] = await Promise.all([
    client.getBalance({ address: owner }).catch(error => {
      throw upstreamFailure(error, timeoutMs, 'eth_getBalance')
    }),
    readTokenBalances(client, tokens, owner, timeoutMs)
  ])

  const entry = (symbol: string, name: string, decimals: number, amount: bigint, price: number, icon: string, contract?: string): TokenBalance =>
    toTokenBalance(chain, { symbol, name, decimals, price, iconUrl: icon, contract }, amount)
  const { nativeCurrency } = chain
  const balances = [
    entry(nativeCurrency.symbol, nativeCurrency.name, nativeCurrency.decimals, wei, prices.native(chain), iconUrl(nativeCurrency.symbol))
  ]
  tokens.forEach((token, i) => {
    const amount = held[i]!
    if (amount > 0n) balances.push(entry(token.symbol, token.name, token.decimals, amount, prices.token(chain, token), iconUrl(token.symbol, token.iconUrl), token.address))
  })
  return balances
}

/** `balanceOf(owner)` of each token, 0 where the call fails; in Multicall3 `aggregate3` calls when the chain has it. */
async function readTokenBalances(client: PublicClient, tokens: readonly TokenConfig[], owner: Address, timeoutMs: number): Promise<bigint[]> {
  if (tokens.length === 0) return []
  const callData = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const chunks: (readonly TokenConfig[])[] = []
  for (let i = 0; i < tokens.length; i += MAX_TOKENS_PER_MULTICALL) chunks.push(tokens.slice(i, i + MAX_TOKENS_PER_MULTICALL))
  try {
    const results = await Promise.all(
      chunks.map(chunk =>
        client.readContract({
          address: MULTICALL3_ADDRESS,
          abi: multicall3Abi,
          functionName: 'aggregate3',
          args: [chunk.map(token => ({ target: token.address as Address, allowFailure: true, callData }))]
        })
      )
    )
    // A balance is one 32-byte word; a failed call, or a contract without code (empty answer), holds none.
    return results.flat().map(result => (result.success && result.returnData.length >= 66 ? BigInt(result.returnData.slice(0, 66)) : 0n))
  } catch (error) {
    // No Multicall3 on this chain (its address answers "0x"): one call per token.
    if (isZeroData(error)) return readEach(client, tokens, owner, timeoutMs)
    throw upstreamFailure(error, timeoutMs, 'eth_call')
  }
}

/** `balanceOf` of each token in its own `eth_call` (viem batches them into one HTTP request). */
function readEach(client: PublicClient, tokens: readonly TokenConfig[], owner: Address, timeoutMs: number): Promise<bigint[]> {
  return Promise.all(
    tokens.map(token =>
      client.readContract({ address: token.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }).catch(error => {
        // A contract without code answers eth_call with "0x": no balance.
        if (isZeroData(error)) return 0n
        throw upstreamFailure(error, timeoutMs, 'eth_call')
      })
    )
  )
}

const isZeroData = (error: unknown): boolean => error instanceof BaseError && Boolean(error.walk(cause => cause instanceof ContractFunctionZeroDataError))
