import { decodeFunctionResult, encodeFunctionData, erc20Abi, isAddress, multicall3Abi, type Address, type Hex } from 'viem'
import type { TokenBalance } from '../../api/schemas.js'
import type { SiteToken } from '../../controllers/resolveTokens.js'
import { WalletModalError } from '../../errors/WalletModalError.js'
import type { CaipNetwork } from '../../types/network.js'
import type { AdapterContext } from '../ChainAdapter.js'
import { rpcUrlOf } from './eip155Networks.js'
import { nativeRpcBalance, tokenRpcBalance, type RpcBalancesInput, type RpcCall } from '../rpcTokenBalance.js'

/** Where Multicall3 lives on nearly every EVM chain (the same deployment everywhere). */
export const CANONICAL_MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** The ERC-20 reads made for each listed token, in this order. */
const TOKEN_READS = ['balanceOf', 'decimals', 'symbol', 'name'] as const
type TokenRead = (typeof TOKEN_READS)[number]

/** The network's Multicall3: its own (viem's `contracts.multicall3`) when valid, else the canonical one. */
export function multicall3Of(network: CaipNetwork): Address {
  const own = network.contracts?.multicall3?.address
  return own && isAddress(own) ? own : CANONICAL_MULTICALL3
}

const encodeRead = (fn: TokenRead, owner: Address): Hex =>
  fn === 'balanceOf' ? encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }) : encodeFunctionData({ abi: erc20Abi, functionName: fn })

/** One read's answer decoded, or undefined when it failed or does not decode (untrusted data). */
function decodeRead(fn: TokenRead, data: Hex | undefined): unknown {
  if (!data || data === '0x') return undefined
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: fn, data })
  } catch {
    return undefined
  }
}

/** The balances from each token's four answers (undefined where one failed); failing tokens left out. */
function toBalances(network: CaipNetwork, tokens: readonly SiteToken[], native: bigint, answers: (Hex | undefined)[]): TokenBalance[] {
  const out = [nativeRpcBalance(network, native)]
  tokens.forEach((token, i) => {
    const [balance, decimals, symbol, name] = TOKEN_READS.map((fn, k) => decodeRead(fn, answers[i * TOKEN_READS.length + k]))
    // name() is optional in ERC-20; balanceOf, decimals and symbol are what a row needs.
    if (typeof balance !== 'bigint' || decimals === undefined || symbol === undefined) return
    const b = tokenRpcBalance(network, { token, balance, decimals, symbol, name })
    if (b) out.push(b)
  })
  return out
}

const quantity = (v: unknown, what: string): bigint => {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v)) throw new WalletModalError('RPC_ERROR', { details: `${what}: not a quantity` })
  return BigInt(v)
}

/**
 * The same reads without Multicall3, as one JSON-RPC batch (every call is made in the same tick;
 * the HTTP client sends calls to one URL made so as one batch): `eth_getBalance` and an `eth_call`
 * per token read. A failing read leaves its token out; a failing balance fails the whole read.
 */
async function readBatched(rpc: RpcCall, network: CaipNetwork, owner: Address, tokens: readonly SiteToken[]): Promise<TokenBalance[]> {
  const native = rpc<string>('eth_getBalance', [owner, 'latest'])
  const reads = tokens.flatMap(t => TOKEN_READS.map(fn => rpc<Hex>('eth_call', [{ to: t.address, data: encodeRead(fn, owner) }, 'latest'])))
  const [wei, ...answers] = await Promise.allSettled([native, ...reads])
  if (wei!.status === 'rejected') throw wei!.reason
  return toBalances(
    network,
    tokens,
    quantity(wei!.value, 'eth_getBalance'),
    answers.map(a => (a.status === 'fulfilled' && typeof a.value === 'string' ? a.value : undefined))
  )
}

/**
 * Reads an EVM account's native balance and the site's listed ERC-20 tokens from the network's
 * RPC: one Multicall3 `aggregate3` call (each read allowed to fail) holding `getEthBalance` and,
 * per token, `balanceOf`, `decimals`, `symbol` and `name`, sent in one JSON-RPC batch with an
 * `eth_getCode` of the Multicall3 address. Without a contract there (a devnet, a new chain) the
 * same reads go out as one JSON-RPC batch instead. Tokens with a bad EIP-55 checksum, failing
 * reads, out-of-range decimals or no readable symbol are left out; a failing native balance (or
 * transport) rejects.
 *
 * @example
 * const balances = await readEip155RpcBalances({ network, address, tokens, rpc: (m, p) => http.rpc(url, m, p) })
 * @throws WalletModalError from the RPC (`REQUEST_TIMEOUT`, `NETWORK_ERROR`, `RPC_ERROR`, …)
 */
export async function readEip155RpcBalances({ network, address, tokens, rpc }: RpcBalancesInput): Promise<TokenBalance[]> {
  if (!isAddress(address, { strict: false })) throw new WalletModalError('RPC_ERROR', { details: `not an EVM address: ${address.slice(0, 100)}` })
  const owner = address as Address
  // viem's isAddress also checks the EIP-55 checksum of mixed-case addresses, which the options
  // check (first chunk, no keccak there) cannot.
  const listed = tokens.filter(t => {
    if (isAddress(t.address)) return true
    console.warn(`[wallet-modal] tokens: ${t.address} on ${network.caipNetworkId} has a bad EIP-55 checksum; left out`)
    return false
  })
  const multicall = multicall3Of(network)
  const calls = [
    { target: multicall, allowFailure: true, callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [owner] }) },
    ...listed.flatMap(t => TOKEN_READS.map(fn => ({ target: t.address as Address, allowFailure: true, callData: encodeRead(fn, owner) })))
  ]
  const data = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] })
  // Both in the same tick: one JSON-RPC batch, so checking for the contract costs no round trip.
  const [code, answer] = await Promise.allSettled([rpc<Hex>('eth_getCode', [multicall, 'latest']), rpc<Hex>('eth_call', [{ to: multicall, data }, 'latest'])])
  if (code.status === 'rejected') throw code.reason
  // No contract there: its call answers "0x" (or fails, on some nodes).
  if (code.value === '0x' || (answer.status === 'fulfilled' && answer.value === '0x')) return readBatched(rpc, network, owner, listed)
  if (answer.status === 'rejected') throw answer.reason
  let results: readonly { success: boolean; returnData: Hex }[]
  try {
    results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: answer.value })
  } catch (err) {
    throw new WalletModalError('RPC_ERROR', { details: 'aggregate3: not a Multicall3 answer', cause: err })
  }
  if (results.length !== calls.length) throw new WalletModalError('RPC_ERROR', { details: 'aggregate3: wrong number of results' })
  const [ethBalance, ...tokenResults] = results
  let native: bigint
  try {
    if (!ethBalance!.success) throw new Error('getEthBalance failed')
    native = decodeFunctionResult({ abi: multicall3Abi, functionName: 'getEthBalance', data: ethBalance!.returnData })
  } catch (err) {
    throw new WalletModalError('RPC_ERROR', { details: 'getEthBalance: no balance', cause: err })
  }
  return toBalances(
    network,
    listed,
    native,
    tokenResults.map(r => (r.success ? r.returnData : undefined))
  )
}

/**
 * {@link readEip155RpcBalances} over the network's first RPC URL through the modal's HTTP client
 * (the site's `http` timeout, covering the whole response, and retries): the eip155 adapter's
 * `readRpcBalances`.
 */
export async function readEip155RpcBalancesOf(
  ctx: AdapterContext,
  network: CaipNetwork,
  address: string,
  tokens: readonly SiteToken[]
): Promise<TokenBalance[]> {
  const http = await ctx.loadHttp()
  const url = rpcUrlOf(network)
  return readEip155RpcBalances({ network, address, tokens, rpc: (method, params) => http.rpc(url, method, params) })
}
