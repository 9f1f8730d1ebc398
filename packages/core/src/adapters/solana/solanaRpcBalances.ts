import type { TokenBalance } from '../../api/schemas.js'
import { WalletModalError } from '../../errors/WalletModalError.js'
import { shortenAddress } from '../../utils/address.js'
import { nativeRpcBalance, tokenRpcBalance, type RpcBalancesInput } from '../rpcTokenBalance.js'
import { isBase58Of32Bytes } from './isBase58Of32Bytes.js'

/** Most token accounts of one mint added up (an owner rarely has more than one). */
const MAX_TOKEN_ACCOUNTS = 100

type Parsed = { data?: { parsed?: { type?: unknown; info?: Record<string, unknown> } } } | null | undefined

const infoOf = (account: Parsed, type: string) => (account?.data?.parsed?.type === type ? account.data.parsed.info : undefined)

/** The base units of the owner's accounts of `mint` (jsonParsed answer of getTokenAccountsByOwner). */
function heldAmount(answer: unknown, mint: string): bigint | undefined {
  const accounts = (answer as { value?: unknown } | null)?.value
  if (!Array.isArray(accounts)) return undefined
  let sum = 0n
  for (const a of accounts.slice(0, MAX_TOKEN_ACCOUNTS)) {
    const info = infoOf((a as { account?: Parsed } | null)?.account, 'account')
    const amount = (info?.tokenAmount as { amount?: unknown } | undefined)?.amount
    if (info?.mint !== mint || typeof amount !== 'string' || !/^\d{1,40}$/.test(amount)) return undefined
    sum += BigInt(amount)
  }
  return sum
}

/** A mint's decimals and its Token-2022 metadata, when the jsonParsed mint account has them. */
function mintOf(answer: unknown): { decimals: unknown; symbol?: unknown; name?: unknown } | undefined {
  const info = infoOf((answer as { value?: Parsed } | null)?.value, 'mint')
  if (!info) return undefined
  const extensions = Array.isArray(info.extensions) ? info.extensions : []
  const meta = extensions.find(e => (e as { extension?: unknown } | null)?.extension === 'tokenMetadata') as
    | { state?: { symbol?: unknown; name?: unknown } }
    | undefined
  return { decimals: info.decimals, symbol: meta?.state?.symbol, name: meta?.state?.name }
}

/**
 * Reads a Solana account's SOL balance and the site's listed mints from the network's RPC in one
 * JSON-RPC batch: `getBalance`, and per mint `getTokenAccountsByOwner` (jsonParsed, summed over
 * the owner's accounts of it) and the mint's `getAccountInfo` (its decimals; symbol and name from
 * Token-2022 metadata, else the shortened mint). A mint whose reads fail is left out; a failing
 * SOL balance (or transport) rejects.
 *
 * @example
 * const balances = await readSolanaRpcBalances({ network, address, tokens, rpc: (m, p) => http.rpc(url, m, p) })
 * @throws WalletModalError from the RPC (`REQUEST_TIMEOUT`, `NETWORK_ERROR`, `RPC_ERROR`, …)
 */
export async function readSolanaRpcBalances({ network, address, tokens: listed, rpc }: RpcBalancesInput): Promise<TokenBalance[]> {
  // The options only checked the mints' digits (first chunk): one that is not 32 bytes is no mint.
  const tokens = listed.filter(
    t => isBase58Of32Bytes(t.address) || (console.warn(`[wallet-modal] tokens: ${t.address} is not a Solana mint (base58 of 32 bytes); left out`), false)
  )
  const opts = { commitment: 'confirmed' }
  // Every call in the same tick: the HTTP client sends them as one batch.
  const native = rpc<{ value?: unknown }>('getBalance', [address, opts])
  const reads = tokens.flatMap(t => [
    rpc<unknown>('getTokenAccountsByOwner', [address, { mint: t.address }, { ...opts, encoding: 'jsonParsed' }]),
    rpc<unknown>('getAccountInfo', [t.address, { ...opts, encoding: 'jsonParsed' }])
  ])
  const [sol, ...answers] = await Promise.allSettled([native, ...reads])
  if (sol!.status === 'rejected') throw sol!.reason
  const lamports = sol!.value?.value
  if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0)
    throw new WalletModalError('RPC_ERROR', { details: 'getBalance: not a lamport amount' })
  const out = [nativeRpcBalance(network, BigInt(lamports))]
  tokens.forEach((token, i) => {
    const [held, mint] = [answers[2 * i]!, answers[2 * i + 1]!]
    if (held.status === 'rejected' || mint.status === 'rejected') return
    const balance = heldAmount(held.value, token.address)
    const m = mintOf(mint.value)
    if (balance === undefined || !m) return
    const fallback = shortenAddress(token.address, 4, 4)
    const b = tokenRpcBalance(network, {
      token,
      balance,
      decimals: m.decimals,
      symbol: typeof m.symbol === 'string' && m.symbol.trim() ? m.symbol : fallback,
      name: m.name
    })
    if (b) out.push(b)
  })
  return out
}
