import type { ChainConfig } from '../config/ServerConfig.js'
import { ApiError } from '../http/ApiError.js'
import type { PriceTable } from './PriceTable.js'
import type { TokenBalance } from './readBalances.js'
import { toTokenBalance } from './toTokenBalance.js'
import { upstreamBatch, type RpcRequest, type RpcResponse } from './upstreamRpc.js'

/** The SPL Token program and Token-2022: token accounts of either count. */
export const SOLANA_TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'] as const

interface ParsedTokenAccount {
  account?: { data?: { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown } } } } }
}

function result(answer: RpcResponse, method: string): unknown {
  if (answer.error) throw new ApiError(502, `Upstream RPC failed ${method}: ${answer.error.message}`)
  return answer.result
}

/**
 * Reads a Solana address's balances live, in one JSON-RPC batch to the chain's upstream node:
 * `getBalance` (lamports) and `getTokenAccountsByOwner` (jsonParsed) for both token programs.
 * Configured tokens are matched by mint address (`TokenConfig.address`), summed over all of the
 * owner's token accounts for that mint. The answer has the EVM path's shape: SOL is always
 * listed; tokens only when the address holds some.
 *
 * @param chain - A configured solana chain.
 * @param address - Base58 account address (already checked).
 * @param prices - USD prices.
 * @param iconUrl - Icon URL of a token symbol (configured or this server's image).
 * @param timeoutMs - Upstream timeout.
 */
export async function readSolanaBalances(
  chain: ChainConfig,
  address: string,
  prices: PriceTable,
  iconUrl: (symbol: string, configured?: string) => string,
  timeoutMs?: number
): Promise<TokenBalance[]> {
  const tokens = chain.tokens ?? []
  const requests: RpcRequest[] = [
    { jsonrpc: '2.0', id: 0, method: 'getBalance', params: [address, { commitment: 'confirmed' }] },
    // Without configured tokens there is nothing to look for: SOL alone needs one request.
    ...(tokens.length === 0
      ? []
      : SOLANA_TOKEN_PROGRAMS.map(
          (programId, i): RpcRequest => ({
            jsonrpc: '2.0',
            id: i + 1,
            method: 'getTokenAccountsByOwner',
            params: [address, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }]
          })
        ))
  ]
  const answers = await upstreamBatch(chain.rpcUrl, requests, timeoutMs)

  const balance = result(answers[0]!, 'getBalance') as { value?: unknown } | null
  const lamports = balance?.value
  if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0)
    throw new ApiError(502, 'Upstream RPC answered getBalance without a balance')

  const byMint = new Map<string, bigint>()
  for (const answer of answers.slice(1)) {
    const list = (result(answer, 'getTokenAccountsByOwner') as { value?: unknown } | null)?.value
    if (!Array.isArray(list)) throw new ApiError(502, 'Upstream RPC answered getTokenAccountsByOwner without a list')
    for (const entry of list as ParsedTokenAccount[]) {
      const info = entry?.account?.data?.parsed?.info
      const amount = info?.tokenAmount?.amount
      if (typeof info?.mint !== 'string' || typeof amount !== 'string' || !/^\d{1,30}$/.test(amount)) {
        throw new ApiError(502, 'Upstream RPC answered getTokenAccountsByOwner with an unparsed account')
      }
      byMint.set(info.mint, (byMint.get(info.mint) ?? 0n) + BigInt(amount))
    }
  }

  const { nativeCurrency } = chain
  const balances = [toTokenBalance(chain, { ...nativeCurrency, price: prices.native(chain), iconUrl: iconUrl(nativeCurrency.symbol) }, BigInt(lamports))]
  for (const token of tokens) {
    const amount = byMint.get(token.address) ?? 0n
    if (amount > 0n) {
      const asset = { ...token, price: prices.token(chain, token), iconUrl: iconUrl(token.symbol, token.iconUrl), contract: token.address }
      balances.push(toTokenBalance(chain, asset, amount))
    }
  }
  return balances
}
