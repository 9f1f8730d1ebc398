import { BaseError, ContractFunctionZeroDataError, erc20Abi, type Address } from 'viem'
import type { ChainConfig } from '../config/ServerConfig.js'
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

/**
 * Reads an address's balances live from a chain through viem, in one JSON-RPC batch to the
 * chain's upstream node: `getBalance` and `balanceOf` (`readContract`) of every configured ERC20.
 * Calls are batched rather than sent through multicall: a node such as anvil has no multicall3
 * contract unless one is deployed, and the configuration names none. The native coin is always
 * listed; tokens only when the address holds some. Failures are {@link upstreamFailure}s (502,
 * 504).
 *
 * @param chain - A configured eip155 chain.
 * @param address - 0x address.
 * @param prices - USD prices.
 * @param iconUrl - Icon URL of a token symbol (configured or this server's image).
 * @param timeoutMs - Upstream timeout.
 */
export async function readBalances(
  chain: ChainConfig,
  address: string,
  prices: PriceTable,
  iconUrl: (symbol: string, configured?: string) => string,
  timeoutMs = UPSTREAM_TIMEOUT_MS
): Promise<TokenBalance[]> {
  const tokens = chain.tokens ?? []
  const client = createChainClient(chain.rpcUrl, timeoutMs)
  const owner = address as Address
  const [wei, ...held] = await Promise.all([
    client.getBalance({ address: owner }).catch(error => {
      throw upstreamFailure(error, timeoutMs, 'eth_getBalance')
    }),
    ...tokens.map(token =>
      client.readContract({ address: token.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }).catch(error => {
        // A contract without code answers eth_call with "0x": no balance.
        if (error instanceof BaseError && error.walk(cause => cause instanceof ContractFunctionZeroDataError)) return 0n
        throw upstreamFailure(error, timeoutMs, 'eth_call')
      })
    )
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
