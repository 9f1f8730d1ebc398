import * as v from 'valibot'
import type { Connector } from '../../../types/connector.js'
import type { CaipNetwork } from '../../../types/network.js'
import type { SiteMetadata } from '../../../types/options.js'
import { COINBASE_SDK_CONNECTOR_ID, COINBASE_WALLET_RDNS } from '../../connectorIds.js'
import { CoinbaseSdkProvider, type CoinbaseSdkOptions } from './CoinbaseSdkProvider.js'

/** Coinbase's mark, drawn here (a white rounded square on a blue disc): a data: URL, nothing to fetch. */
export const COINBASE_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#0052FF"/><circle cx="20" cy="20" r="12" fill="#fff"/><rect x="16" y="16" width="8" height="8" rx="1.5" fill="#0052FF"/></svg>'
)}`

/** The popup's address: https, or http on this machine's loopback (a local stand-in). */
const POPUP_URL = /^(https:\/\/[^/?#\s]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?)(\/[^#\s]*)?$/

/** The object form of the option (`true` stands for `{}`). */
const OptionsSchema = v.strictObject({
  options: v.optional(v.picklist(['all', 'smartWalletOnly', 'eoaOnly'])),
  keysUrl: v.optional(v.pipe(v.string(), v.maxLength(2000), v.regex(POPUP_URL, 'keysUrl must be an https: URL (http: only on loopback)')))
})

/**
 * True where Coinbase's SDK would only hand back a wallet already listed: the Coinbase Wallet
 * extension (`window.coinbaseWalletExtension`, announced as `com.coinbase.wallet`) or Coinbase
 * Wallet's in-app browser (`window.ethereum.isCoinbaseBrowser`, the injected wallet).
 */
export function coinbaseWalletInstalled(): boolean {
  if (typeof window === 'undefined') return false
  const w = window as { coinbaseWalletExtension?: unknown; ethereum?: { isCoinbaseBrowser?: unknown } }
  return !!w.coinbaseWalletExtension || w.ethereum?.isCoinbaseBrowser === true
}

/**
 * Adds the `coinbaseWalletSDK` connector (Connect's external group) when the site set
 * `coinbaseWalletSDK` and no Coinbase wallet is installed here (then the installed one is listed,
 * as `coinbaseWallet` or the injected wallet, and the SDK would only return it). The SDK itself
 * loads on the connector's first request. A malformed option is reported on the console and the
 * connector left out. Its rdns is Coinbase Wallet's, so the directory's Coinbase Wallet entry is
 * not listed beside it, and `excludedWallets` with that rdns leaves it out too.
 *
 * @param add - Registers a connector.
 * @param option - The site's `coinbaseWalletSDK`.
 * @param site - The site's name and icons, and its networks (the EVM ones are offered to the wallet).
 * @returns whether the connector was added
 */
export function watchCoinbaseSdk(
  add: (connector: Connector) => void,
  option: unknown,
  site: { metadata: SiteMetadata; networks: readonly CaipNetwork[] }
): boolean {
  if (option === false || option === undefined) return false
  const parsed = v.safeParse(OptionsSchema, option === true ? {} : option)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const key = issue.path?.map(p => String(p.key)).join('.')
    console.error(`[wallet-modal] coinbaseWalletSDK${key ? `.${key}` : ''}: ${issue.message}; Coinbase Wallet SDK is not offered`)
    return false
  }
  if (coinbaseWalletInstalled()) return false
  const preference: CoinbaseSdkOptions = parsed.output
  const logo = site.metadata.icons?.find(i => /^https:\/\//.test(i))
  const provider = new CoinbaseSdkProvider(
    {
      appName: site.metadata.name,
      appLogoUrl: logo,
      appChainIds: site.networks.filter(n => n.chainNamespace === 'eip155').map(n => Number(n.id))
    },
    preference
  )
  add({
    id: COINBASE_SDK_CONNECTOR_ID,
    name: 'Coinbase Wallet',
    type: 'EXTERNAL',
    chain: 'eip155',
    imageUrl: COINBASE_ICON,
    info: { rdns: COINBASE_WALLET_RDNS },
    provider
  })
  return true
}
