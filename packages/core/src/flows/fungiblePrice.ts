// Loaded with the flows that show a value (Send's fee and balance, the on-ramp's estimate): never
// in the first chunk.
import { blockchainEndpoints } from '@wallet-modal/wire'
import type { Core } from '../core/Core.js'
import { createCheckedCalls } from '../api/checkedCalls.js'
import { CACHE_MS } from '../controllers/BlockchainApiController.js'
import { warnUnlessDestroyed } from '../utils/warnUnlessDestroyed.js'
import { toWalletModalError } from '../errors/WalletModalError.js'

/** What was asked per core: each asset's price (or its absence) and when it was asked. */
const asked = new WeakMap<Core, Map<string, { at: number; price: Promise<number | undefined> }>>()

/**
 * The USD price of one unit of `asset` from the blockchain data API's `POST /v1/fungible/price`
 * (spec §7), for a value the modal shows without a price from the balances (Send's fee and
 * `networkBalanceInUSD`, the on-ramp's estimate when the provider's quote fails). `asset` is
 * CAIP-10 (`eip155:1:0xA0b8…`) or a network's coin (`eip155:1:native`). One asset per call: the
 * answer names no address, so a single-asset answer is the only one that cannot be misread.
 * Each answer (a price or none) is kept 30 s, like the portfolio (spec §9). Skipped without
 * services or on a network the service does not support; a failure is logged and gives none.
 *
 * @example
 * const usd = await fungiblePriceUsd(core, 'eip155:1:native') // 3000, or undefined
 */
export function fungiblePriceUsd(core: Core, asset: string, now: () => number = Date.now): Promise<number | undefined> {
  const urls = core.options.state.services
  const network = asset.slice(0, asset.lastIndexOf(':'))
  const supported = core.blockchainApi.state.supportedChains
  if (!urls || !network.includes(':') || (supported && !supported.includes(network))) return Promise.resolve(undefined)
  let perCore = asked.get(core)
  if (!perCore) asked.set(core, (perCore = new Map()))
  const cached = perCore.get(asset)
  if (cached && now() - cached.at < CACHE_MS.portfolio) return cached.price
  const price = ask(core, urls.blockchainApiUrl, asset)
  perCore.set(asset, { at: now(), price })
  return price
}

async function ask(core: Core, blockchainApiUrl: string, asset: string): Promise<number | undefined> {
  const { projectId } = core.options.state
  try {
    const { postChecked } = createCheckedCalls(await core.loadHttp(), projectId)
    const { fungibles } = await postChecked(
      blockchainApiUrl,
      blockchainEndpoints.fungiblePrice,
      { currency: 'usd', addresses: [asset], projectId },
      'fungible price'
    )
    const price = fungibles[0]?.price
    // The service leaves unknown tokens out; a price that is not a positive number is none.
    return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : undefined
  } catch (err) {
    warnUnlessDestroyed(core, 'fungible price failed', toWalletModalError(err, 'NETWORK_ERROR'))
    return undefined
  }
}
