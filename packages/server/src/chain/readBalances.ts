import { encodeFunctionData, erc20Abi, hexToBigInt, type Hex } from 'viem'
import type { ChainConfig } from '../config/ServerConfig.js'
import { ApiError } from '../http/ApiError.js'
import type { PriceTable } from './PriceTable.js'
import { toTokenBalance } from './toTokenBalance.js'
import { upstreamBatch, type RpcRequest } from './upstreamRpc.js'

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
 * Reads an address's balances live from a chain, in one JSON-RPC batch to the chain's upstream
 * node: `eth_getBalance` and `balanceOf` (eth_call) of every configured ERC20. The native coin is
 * always listed; tokens only when the address holds some.
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
  timeoutMs?: number
): Promise<TokenBalance[]> {
  const tokens = chain.tokens ?? []
  const requests: RpcRequest[] = [
    { jsonrpc: '2.0', id: 0, method: 'eth_getBalance', params: [address, 'latest'] },
    ...tokens.map((token, i): RpcRequest => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'eth_call',
      params: [{ to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address as Hex] }) }, 'latest']
    }))
  ]
  const answers = await upstreamBatch(chain.rpcUrl, requests, timeoutMs)
  const amounts = answers.map((answer, i) => {
    if (answer.error) throw new ApiError(502, `Upstream RPC failed ${requests[i]!.method}: ${answer.error.message}`)
    const raw = answer.result
    if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{0,64}$/.test(raw)) throw new ApiError(502, `Upstream RPC answered ${requests[i]!.method} with a non-quantity`)
    // A contract without code answers eth_call with "0x": no balance.
    return raw === '0x' ? 0n : hexToBigInt(raw as Hex)
  })

  const entry = (symbol: string, name: string, decimals: number, amount: bigint, price: number, icon: string, contract?: string): TokenBalance =>
    toTokenBalance(chain, { symbol, name, decimals, price, iconUrl: icon, contract }, amount)
  const { nativeCurrency } = chain
  const balances = [
    entry(nativeCurrency.symbol, nativeCurrency.name, nativeCurrency.decimals, amounts[0]!, prices.native(chain), iconUrl(nativeCurrency.symbol))
  ]
  tokens.forEach((token, i) => {
    const amount = amounts[i + 1]!
    if (amount > 0n) balances.push(entry(token.symbol, token.name, token.decimals, amount, prices.token(chain, token), iconUrl(token.symbol, token.iconUrl), token.address))
  })
  return balances
}
