import { encodeFunctionData, formatUnits, isAddress, parseUnits } from 'viem'
import type { Core } from '../createCore.js'
import type { TokenBalance } from '../api/schemas.js'
import { WalletModalError, isWalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import { fromProviderError } from '../adapters/eip155/providerErrors.js'
import { isSolanaAddress } from '../utils/address.js'
import { safeImageUrl } from '../utils/image.js'
import { formatUsd } from '../utils/format.js'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import type { SendFee } from '../controllers/SendController.js'
import { walletFeatures } from './walletFeatures.js'
import { refreshBalance } from './accountState.js'
import { fetchTokenBalances } from './balances.js'

/**
 * `transfer(address,uint256)` of ERC-20. USDT-like tokens declare it without the bool return;
 * the calldata is the same, so one ABI serves both: it is only encoded here, never decoded.
 */
const ERC20_TRANSFER_ABI = [
  { type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [] }
] as const

/** Gas of a plain native transfer on EVM chains. */
const NATIVE_TRANSFER_GAS = 21_000n
/** Max keeps this many times the expected fee back, so a fee rise between estimate and signing still fits. */
const FEE_HEADROOM = 2n
/** A Solana signature's fee in lamports (the runtime's fixed base fee). */
const SOLANA_SIGNATURE_FEE = 5_000n
/** How often a pending transaction is checked, and for how long at most. */
export const PENDING_POLL_MS = 1_000
export const PENDING_GIVE_UP_MS = 10 * 60_000

/** Namespaces the Send feature supports (spec §9: eip155 and solana). */
export const SEND_NAMESPACES: readonly WiredNamespace[] = ['eip155', 'solana']

const rpcUrl = (network: CaipNetwork) => {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new WalletModalError('NETWORK_NOT_FOUND', { details: `no RPC URL for ${network.caipNetworkId}` })
  return url
}

/** The contract or mint of a token balance (its CAIP-10 `address`), undefined for the native coin. */
export function tokenContract(token: TokenBalance): string | undefined {
  if (!token.address) return undefined
  return token.address.slice(token.address.lastIndexOf(':') + 1)
}

/** Decimals of a token balance. */
const decimalsOf = (token: TokenBalance) => Number(token.quantity.decimals)

/**
 * The tokens the active account can send: its balances on the active network (native and ERC-20
 * on eip155; SOL and SPL/Token-2022 tokens on solana), or, without a balance service, the native
 * coin alone.
 */
export function sendableTokens(core: Core): TokenBalance[] {
  const ns = core.chain.state.activeNamespace
  const network = core.chain.activeNetwork()
  if (!network || !SEND_NAMESPACES.includes(ns)) return []
  const account = core.chain.state.namespaces[ns].account
  const listed = core.blockchainApi.state.balancesFor === account.caipAddress ? core.blockchainApi.state.tokenBalances : []
  const tokens = listed.filter(t => t.chainId === network.caipNetworkId)
  if (tokens.some(t => !t.address)) return [...tokens]
  const native: TokenBalance = {
    name: network.nativeCurrency.name,
    symbol: network.nativeCurrency.symbol,
    chainId: network.caipNetworkId,
    value: 0,
    price: 0,
    quantity: { decimals: String(network.nativeCurrency.decimals), numeric: account.balance ?? '0' },
    iconUrl: network.assets?.imageUrl
  }
  return [native, ...tokens]
}

/** Reads the active account's native balance in base units from the network's RPC. */
export async function readNativeBalance(core: Core): Promise<bigint> {
  const ns = core.chain.state.activeNamespace
  const network = core.chain.activeNetwork()
  const address = core.chain.state.namespaces[ns].account.address
  if (!network || !address) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: ns })
  const http = await core.loadHttp()
  if (ns === 'solana') {
    const r = await http.rpc<{ value?: unknown }>(rpcUrl(network), 'getBalance', [address, { commitment: 'confirmed' }])
    if (typeof r?.value !== 'number') throw new WalletModalError('RPC_ERROR', { details: 'getBalance: not a lamport amount' })
    return BigInt(r.value)
  }
  return BigInt(await http.rpc<string>(rpcUrl(network), 'eth_getBalance', [address, 'latest']))
}

/** The token's balance in base units: read live for the native coin, from the balance list otherwise. */
async function tokenBalanceRaw(core: Core, token: TokenBalance): Promise<bigint> {
  if (!token.address) return readNativeBalance(core)
  return parseUnits(token.quantity.numeric, decimalsOf(token))
}

/** The fee kept back for a native transfer (expected fee times {@link FEE_HEADROOM}). */
async function nativeReserve(core: Core): Promise<bigint> {
  const network = core.chain.activeNetwork()!
  if (core.chain.state.activeNamespace === 'solana') return SOLANA_SIGNATURE_FEE * FEE_HEADROOM
  const gasPrice = BigInt(await (await core.loadHttp()).rpc<string>(rpcUrl(network), 'eth_gasPrice', []))
  return NATIVE_TRANSFER_GAS * gasPrice * FEE_HEADROOM
}

/**
 * The most the draft's token can send: the whole balance of a token, or the native balance minus
 * the fee it will cost (so Max never produces a transaction the wallet must refuse). '0' when
 * the fee is more than the balance.
 */
export async function maxSendAmount(core: Core): Promise<string> {
  const token = walletFeatures(core).send.state.token
  if (!token) throw new WalletModalError('SEND_TOKEN_REQUIRED')
  const balance = await tokenBalanceRaw(core, token)
  let spendable = token.address ? balance : balance - (await nativeReserve(core))
  // Never above the balance the form checks against (a truncated one without a balance service).
  const listed = parseUnits(token.quantity.numeric, decimalsOf(token))
  if (spendable > listed) spendable = listed
  return formatUnits(spendable > 0n ? spendable : 0n, decimalsOf(token))
}

/**
 * Checks an amount against the draft's token: a positive decimal with no more places than the
 * token has, and no more than the balance.
 * @returns the error code to show, or undefined when the amount can be sent
 */
export function amountError(token: TokenBalance | undefined, amount: string | undefined): 'INVALID_AMOUNT' | 'INSUFFICIENT_FUNDS' | undefined {
  if (!token || !amount) return undefined
  const decimals = decimalsOf(token)
  if (!/^\d*\.?\d+$/.test(amount) && !/^\d+\.$/.test(amount)) return 'INVALID_AMOUNT'
  const [, frac = ''] = amount.split('.')
  if (frac.length > decimals) return 'INVALID_AMOUNT'
  const value = parseUnits(amount.replace(/\.$/, ''), decimals)
  if (value <= 0n) return 'INVALID_AMOUNT'
  if (value > parseUnits(token.quantity.numeric, decimals)) return 'INSUFFICIENT_FUNDS'
  return undefined
}

/** An avatar from the services, kept only when it is safe to show (https:, data:, or a configured service). */
function safeAvatar(core: Core, value: unknown): string | undefined {
  const s = core.options.state.services
  return safeImageUrl(value, s ? [s.directoryUrl, s.blockchainApiUrl].map(u => new URL(u).origin) : [])
}

/** Whether `input` looks like a name (`alice.reown.id`) rather than an address. */
const looksLikeName = (input: string) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(input)

/**
 * Resolves what the user typed as the receiver (spec §3 send draft): an address of the active
 * namespace (with the identity service's name and avatar when it has them), or, on eip155, a
 * name through the profile service. The result goes to the send state; a stale answer (the input
 * changed meanwhile) is dropped.
 */
export async function resolveReceiver(core: Core, input: string): Promise<void> {
  const { send } = walletFeatures(core)
  const value = input.trim()
  send.setReceiverInput(input)
  if (!value) return
  const ns = core.chain.state.activeNamespace
  const stillCurrent = () => send.state.receiverInput === input
  if (ns === 'solana') {
    if (isSolanaAddress(value)) send.setReceiver(value)
    else send.setReceiverError(new WalletModalError('INVALID_RECEIVER').shortMessage)
    return
  }
  if (ns !== 'eip155') return send.setReceiverError(new WalletModalError('SEND_UNSUPPORTED_CHAIN').shortMessage)
  const api = await core.loadServices()
  // The services load on first use: the visitor may have typed on meanwhile.
  if (!stillCurrent()) return
  if (isAddress(value, { strict: false })) {
    send.setReceiver(value)
    if (!api) return
    try {
      // The sender is the connected account asking (spec §7), not the receiver looked up.
      const identity = await api.getIdentity(value, { sender: core.chain.activeAccount().address })
      if (stillCurrent() && identity.name) send.setReceiver(value, { name: identity.name, imageUrl: safeAvatar(core, identity.avatar) })
    } catch {
      // The name is a nicety: the address alone is enough to send.
    }
    return
  }
  if (!api || !looksLikeName(value)) return send.setReceiverError(new WalletModalError('INVALID_RECEIVER').shortMessage)
  send.setReceiverResolving(true)
  try {
    const profile = await api.getProfile(value.toLowerCase())
    if (!stillCurrent()) return
    const address = profile?.addresses['60']?.address
    if (!address || !isAddress(address, { strict: false })) return send.setReceiverError(new WalletModalError('NAME_NOT_FOUND').shortMessage)
    const avatar = profile?.attributes?.avatar
    send.setReceiver(address, { name: profile?.name ?? value, imageUrl: safeAvatar(core, avatar) })
  } catch (err) {
    if (stillCurrent()) send.setReceiverError(toWalletModalError(err, 'NETWORK_ERROR').shortMessage)
  }
}

/** The transaction the draft describes (eip155). */
function eip155Transaction(from: string, to: string, token: TokenBalance, value: bigint) {
  const contract = tokenContract(token)
  if (!contract) return { from, to, value: `0x${value.toString(16)}` }
  const data = encodeFunctionData({ abi: ERC20_TRANSFER_ABI, functionName: 'transfer', args: [to as `0x${string}`, value] })
  return { from, to: contract, value: '0x0', data }
}

/** Bytes of a token account without extensions: what the sender pays rent for. */
const SOLANA_TOKEN_ACCOUNT_SIZE = 165

/**
 * The rent (lamports) a Solana token send pays to create the receiver's token account: 0 for
 * SOL, for an unknown receiver, or when the receiver already holds an account of the mint.
 */
async function solanaAccountRent(core: Core, network: CaipNetwork, token: TokenBalance, receiver: string | undefined): Promise<bigint> {
  const mint = tokenContract(token)
  if (!mint || !receiver || !isSolanaAddress(receiver)) return 0n
  const http = await core.loadHttp()
  const held = await http.rpc<{ value?: unknown[] }>(rpcUrl(network), 'getTokenAccountsByOwner', [receiver, { mint }, { encoding: 'base64', commitment: 'confirmed', dataSlice: { offset: 0, length: 0 } }])
  if (Array.isArray(held?.value) && held.value.length > 0) return 0n
  const rent = await http.rpc<unknown>(rpcUrl(network), 'getMinimumBalanceForRentExemption', [SOLANA_TOKEN_ACCOUNT_SIZE])
  if (typeof rent !== 'number') throw new WalletModalError('RPC_ERROR', { details: 'getMinimumBalanceForRentExemption: not a lamport amount' })
  return BigInt(rent)
}

/**
 * Estimates the network fee of the draft (eip155: `eth_estimateGas` × `eth_gasPrice`; solana:
 * one signature's fee, plus the rent of the receiver's token account when a token send has to
 * create it) and stores it, with its USD value when the native price is known. A
 * failed estimate clears the fee; sending stays possible (the wallet estimates again).
 */
export async function estimateSendFee(core: Core): Promise<SendFee | undefined> {
  const { send } = walletFeatures(core)
  const { token, sendTokenAmount, receiverAddress } = send.state
  const ns = core.chain.state.activeNamespace
  const network = core.chain.activeNetwork()
  const from = core.chain.state.namespaces[ns].account.address
  if (!token || !network || !from) return undefined
  const nativePrice = core.blockchainApi.state.tokenBalances.find(t => !t.address && t.chainId === network.caipNetworkId)?.price
  const withUsd = (raw: bigint): SendFee => ({
    raw,
    decimals: network.nativeCurrency.decimals,
    symbol: network.nativeCurrency.symbol,
    usd: nativePrice ? Number(formatUnits(raw, network.nativeCurrency.decimals)) * nativePrice : undefined
  })
  try {
    let fee: SendFee
    if (ns === 'solana') fee = withUsd(SOLANA_SIGNATURE_FEE + (await solanaAccountRent(core, network, token, receiverAddress)))
    else {
      const http = await core.loadHttp()
      const value = sendTokenAmount && !amountError(token, sendTokenAmount) ? parseUnits(sendTokenAmount, decimalsOf(token)) : 0n
      const tx = eip155Transaction(from, receiverAddress ?? from, token, value)
      const [gas, gasPrice] = await Promise.all([
        http.rpc<string>(rpcUrl(network), 'eth_estimateGas', [tx]),
        http.rpc<string>(rpcUrl(network), 'eth_gasPrice', [])
      ])
      fee = withUsd(BigInt(gas) * BigInt(gasPrice))
    }
    if (send.state.token === token) send.setFee(fee)
    return fee
  } catch (err) {
    console.warn('[wallet-modal] fee estimate failed', err)
    if (send.state.token === token) send.setFee(undefined)
    return undefined
  }
}

/** A fee for display: its USD value when known (at least '<$0.01'), else the native amount to 6 significant digits. */
export function formatFee(fee: SendFee): string {
  if (fee.usd !== undefined) return fee.usd > 0 && fee.usd < 0.01 ? '<$0.01' : formatUsd(fee.usd)
  const n = Number(formatUnits(fee.raw, fee.decimals))
  return `${n === 0 ? '0' : String(Number(n.toPrecision(6)))} ${fee.symbol}`
}

/** Updates the pending count shown on the button for `ns`, while `from` is still its account. */
function syncPending(core: Core, ns: WiredNamespace, from: string | undefined): void {
  if (core.chain.state.namespaces[ns].account.address !== from) return
  core.chain.setAccount(ns, { pendingTransactions: walletFeatures(core).send.state.pending.length })
}

/** Whether a sent transaction is settled: true (mined, succeeded), false (mined, failed), undefined (pending). */
async function settled(core: Core, ns: WiredNamespace, network: CaipNetwork, id: string): Promise<boolean | undefined> {
  const http = await core.loadHttp()
  if (ns === 'solana') {
    const r = await http.rpc<{ value: ({ confirmationStatus?: string; err?: unknown } | null)[] }>(rpcUrl(network), 'getSignatureStatuses', [[id]])
    const status = r?.value?.[0]
    if (!status || status.confirmationStatus === 'processed') return undefined
    return !status.err
  }
  const receipt = await http.rpc<{ status?: string } | null>(rpcUrl(network), 'eth_getTransactionReceipt', [id])
  if (!receipt) return undefined
  return receipt.status === '0x1'
}

/**
 * Counts a sent transaction as pending (spec §9: at most 99 are counted) until it is mined, then
 * refreshes the balances; a transaction that failed on chain is reported. Polls every second and
 * gives up after {@link PENDING_GIVE_UP_MS}. Resolves with the outcome (undefined: gave up).
 */
export async function trackPendingTransaction(core: Core, ns: WiredNamespace, network: CaipNetwork, id: string, opts: { pollMs?: number } = {}): Promise<boolean | undefined> {
  const { send } = walletFeatures(core)
  const from = core.chain.state.namespaces[ns].account.address
  const counted = send.addPending(id)
  syncPending(core, ns, from)
  const started = Date.now()
  let outcome: boolean | undefined
  try {
    while (Date.now() - started < PENDING_GIVE_UP_MS) {
      try {
        outcome = await settled(core, ns, network, id)
      } catch {
        // A failed poll is retried: the RPC may be briefly unreachable.
      }
      if (outcome !== undefined) break
      await new Promise(resolve => setTimeout(resolve, opts.pollMs ?? PENDING_POLL_MS))
    }
  } finally {
    if (counted) send.removePending(id)
    syncPending(core, ns, from)
  }
  if (outcome === false) core.snack.showError(new WalletModalError('TRANSACTION_FAILED').shortMessage)
  if (outcome !== undefined && core.chain.state.namespaces[ns].account.address === from) {
    void refreshBalance(core, ns, { force: true })
    if (core.chain.state.activeNamespace === ns) void fetchTokenBalances(core, { force: true })
  }
  return outcome
}

/**
 * Sends the draft (spec §4 Sending): checks it ('An amount and receiver address are required',
 * 'A token is required', 'Unsupported chain', amount), sets loading, asks the active namespace's
 * wallet (eip155: a native transaction or the token's `transfer`; solana: a SOL or token transfer), then
 * emits SEND_SUCCESS, counts the transaction as pending until mined, refreshes the balance,
 * resets the draft and puts Account in place of the top view. A rejection in the wallet becomes
 * 'Signature declined' and keeps the draft. Resolves with the transaction hash or signature.
 */
export async function sendTokens(core: Core): Promise<string> {
  const { send } = walletFeatures(core)
  const { token, sendTokenAmount, receiverAddress } = send.state
  const ns = core.chain.state.activeNamespace
  const network = core.chain.activeNetwork()
  const fail = (err: WalletModalError): never => {
    send.setLoading(false)
    send.setError(err.shortMessage)
    core.events.emit({ type: 'SEND_ERROR', data: { caipNetworkId: network?.caipNetworkId ?? '', code: err.code, message: err.shortMessage } })
    throw err
  }
  if (!sendTokenAmount || !receiverAddress) return fail(new WalletModalError('SEND_FIELDS_REQUIRED'))
  if (!token) return fail(new WalletModalError('SEND_TOKEN_REQUIRED'))
  const bad = amountError(token, sendTokenAmount)
  if (bad) return fail(new WalletModalError(bad))
  send.setLoading(true)
  send.setError(undefined)
  const account = core.chain.state.namespaces[ns].account
  const value = parseUnits(sendTokenAmount.replace(/\.$/, ''), decimalsOf(token))
  let id: string
  try {
    if (!network || !SEND_NAMESPACES.includes(ns)) throw new WalletModalError('SEND_UNSUPPORTED_CHAIN', { details: ns })
    if (account.status !== 'connected' || !account.address) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: ns })
    if (ns === 'solana') {
      const namespaces = await import('./namespaces.js')
      const mint = tokenContract(token)
      id = mint
        ? await namespaces.sendNamespaceToken(core, 'solana', receiverAddress, { address: mint, decimals: decimalsOf(token) }, value)
        : await namespaces.sendNamespaceNative(core, 'solana', receiverAddress, value)
    } else {
      const provider = core.getWalletProvider('eip155')
      if (!provider) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: ns })
      try {
        id = (await provider.request({ method: 'eth_sendTransaction', params: [eip155Transaction(account.address, receiverAddress, token, value)] })) as string
      } catch (err) {
        throw fromProviderError(err, 'TRANSACTION_FAILED', 'SIGNATURE_DECLINED')
      }
    }
  } catch (err) {
    const e = isWalletModalError(err, 'USER_REJECTED') ? new WalletModalError('SIGNATURE_DECLINED', { cause: err }) : toWalletModalError(err, 'TRANSACTION_FAILED')
    return fail(e)
  }
  core.events.emit({ type: 'SEND_SUCCESS', data: { caipNetworkId: network.caipNetworkId, hash: id, token: token.symbol, amount: sendTokenAmount, to: receiverAddress } })
  void trackPendingTransaction(core, ns, network, id)
  void refreshBalance(core, ns, { force: true })
  send.resetSend()
  // Spec §2: Account takes the place of the send views (back from it never returns to a spent draft).
  if (!core.router.goBackTo('Account')) core.router.replace('Account')
  core.snack.showSuccess('Transaction sent')
  return id
}
