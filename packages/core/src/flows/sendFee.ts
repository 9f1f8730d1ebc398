import { formatUnits, parseUnits } from 'viem'
import type { Core } from '../createCore.js'
import type { SendFee } from '../controllers/SendController.js'
import { formatUsd } from '../utils/format.js'
import { walletFeatures } from './walletFeatures.js'
import { activeWallet } from './walletActions.js'
import { amountError, decimalsOf, tokenContract } from './sendDraft.js'

/**
 * Estimates the network fee of the draft through the namespace's adapter (eip155: gas × gas
 * price; solana: a signature's fee, plus the rent of the receiver's token account when a token
 * send creates it) and stores it, with its USD value when the native price is known. A failed
 * estimate clears the fee; sending stays possible (the wallet estimates again).
 */
export async function estimateSendFee(core: Core): Promise<SendFee | undefined> {
  const { send } = walletFeatures(core)
  const { token, sendTokenAmount, receiverAddress } = send.state
  if (!token) return undefined
  try {
    const { adapter, address, network } = await activeWallet(core)
    if (!adapter.transfers) return undefined
    const nativePrice = core.blockchainApi.state.tokenBalances.find(t => !t.address && t.chainId === network.caipNetworkId)?.price
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
    const fee: SendFee = { raw, decimals, symbol, usd: nativePrice ? Number(formatUnits(raw, decimals)) * nativePrice : undefined }
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
