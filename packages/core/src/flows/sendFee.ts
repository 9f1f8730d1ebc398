import { formatUnits, parseUnits } from 'viem'
import type { Core } from '../core/Core.js'
import type { SendFee } from '../controllers/SendController.js'
import { formatUsd } from '../utils/format.js'
import { walletFeatures } from './walletFeatures.js'
import { activeWallet } from './walletActions.js'
import { amountError, decimalsOf, tokenContract } from './sendAmounts.js'
import type { CaipNetwork } from '../types/network.js'
import { fungiblePriceUsd } from './fungiblePrice.js'

/**
 * The USD price of a network's coin: the balances service's when it listed the coin with one,
 * else the data API's `/v1/fungible/price` (spec §7); undefined when neither knows it.
 */
export async function nativePriceUsd(core: Core, network: CaipNetwork): Promise<number | undefined> {
  const listed = core.blockchainApi.state.tokenBalances.find(t => !t.address && t.chainId === network.caipNetworkId)?.price
  return listed || (await fungiblePriceUsd(core, `${network.caipNetworkId}:native`))
}

/**
 * Fills the send draft's `networkBalanceInUSD` (spec §3): the account's balance of the active
 * network's coin (the balances' entry, else the native balance Account shows) at its USD price
 * (see {@link nativePriceUsd}); undefined when the price or the balance is unknown. An answer
 * that arrives after the network changed is dropped.
 */
export async function fillNetworkBalanceInUSD(core: Core): Promise<number | undefined> {
  const { send } = walletFeatures(core)
  const ns = core.chain.state.activeNamespace
  const { account, network } = core.chain.state.namespaces[ns]
  const caipNetwork = network.caipNetwork
  const listed = caipNetwork && core.blockchainApi.state.tokenBalances.find(t => !t.address && t.chainId === caipNetwork.caipNetworkId)
  const quantity = Number(listed ? listed.quantity.numeric : account.balance)
  const price = account.status === 'connected' && caipNetwork && Number.isFinite(quantity) ? await nativePriceUsd(core, caipNetwork) : undefined
  const usd = price === undefined ? undefined : quantity * price
  if (core.chain.state.namespaces[ns].network.caipNetwork?.caipNetworkId === caipNetwork?.caipNetworkId) send.setNetworkBalanceInUSD(usd)
  return usd
}

/**
 * Estimates the network fee of the draft through the namespace's adapter (eip155: gas × gas
 * price; solana: a signature's fee, plus the rent of the receiver's token account when a token
 * send creates it) and stores it, with its USD value when the native price is known (the
 * balances', else `/v1/fungible/price`: see {@link nativePriceUsd}). A failed
 * estimate clears the fee; sending stays possible (the wallet estimates again).
 */
export async function estimateSendFee(core: Core): Promise<SendFee | undefined> {
  const { send } = walletFeatures(core)
  const { token, sendTokenAmount, receiverAddress } = send.state
  if (!token) return undefined
  try {
    const { adapter, address, network } = await activeWallet(core)
    if (!adapter.transfers) return undefined
    const nativePrice = nativePriceUsd(core, network)
    const amount = sendTokenAmount && !amountError(token, sendTokenAmount) ? parseUnits(sendTokenAmount, decimalsOf(token)) : 0n
    const contract = tokenContract(token)
    const raw = await adapter.transfers.estimateFee({
      network,
      from: address,
      to: receiverAddress ?? address,
      token: contract ? { address: contract, decimals: decimalsOf(token) } : undefined,
      amount
    })
    const { decimals, symbol } = network.nativeCurrency
    const price = await nativePrice
    const fee: SendFee = { raw, decimals, symbol, usd: price ? Number(formatUnits(raw, decimals)) * price : undefined }
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
