import { safeImageUrl } from '../../utils/image.js'
import type { Connector, Eip1193Provider } from '../../types/connector.js'
import { BROWSER_WALLET_NAME } from '../../controllers/ConnectorController.js'
import { announcedConnectorId } from '../connectorIds.js'

/** EIP-6963 provider info. */
export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/** Connector id of the legacy `window.ethereum` wallet. */
export const INJECTED_CONNECTOR_ID = 'injected'

function isProvider(value: unknown): value is Eip1193Provider {
  return !!value && typeof (value as Eip1193Provider).request === 'function'
}

function isInfo(value: unknown): value is Eip6963ProviderInfo {
  const v = value as Partial<Eip6963ProviderInfo> | undefined
  return !!v && typeof v.uuid === 'string' && typeof v.name === 'string' && v.name.trim() !== '' && typeof v.rdns === 'string' && v.rdns !== ''
}

/**
 * Builds the connector for an announced wallet: its id is the rdns (stable across reloads), or
 * spec §3's id for the wallets it names (`coinbaseWallet`, `okx`; see adapters/connectorIds.ts).
 * Not the spec's `announced` / `eip6963` ids: several announced wallets live at once and ids must
 * tell them apart; ANNOUNCED is their type (docs/SPEC-COVERAGE.md row 3.28).
 */
export function announcedConnector(info: Eip6963ProviderInfo, provider: Eip1193Provider): Connector {
  return {
    id: announcedConnectorId(info.rdns),
    name: info.name.trim().slice(0, 64),
    type: 'ANNOUNCED',
    chain: 'eip155',
    // EIP-6963 requires a data URI; anything else could be a tracking pixel, so it is dropped.
    imageUrl: typeof info.icon === 'string' && info.icon.startsWith('data:') ? safeImageUrl(info.icon) : undefined,
    info: { rdns: info.rdns, uuid: info.uuid },
    provider
  }
}

const KNOWN_FLAGS: [string, string][] = [
  ['isDevnetWallet', 'Devnet Wallet'],
  ['isRabby', 'Rabby'],
  ['isBraveWallet', 'Brave Wallet'],
  ['isCoinbaseWallet', 'Coinbase Wallet'],
  ['isTrust', 'Trust'],
  ['isMetaMask', 'MetaMask']
]

/** The legacy injected wallet's connector, named from its provider flags or 'Browser Wallet'. */
export function injectedConnector(provider: Eip1193Provider): Connector {
  const flags = provider as unknown as Record<string, unknown>
  const name = KNOWN_FLAGS.find(([flag]) => flags[flag] === true)?.[1] ?? BROWSER_WALLET_NAME
  return { id: INJECTED_CONNECTOR_ID, name, type: 'INJECTED', chain: 'eip155', provider }
}

/**
 * Watches EIP-6963 announcements (both orders: wallets that announce before we listen answer our
 * request; later ones announce on their own) and reports the legacy `window.ethereum` wallet.
 * Returns a function that stops listening.
 */
export function watchEip155Wallets(
  onConnector: (connector: Connector) => void,
  opts: { eip6963: boolean; injected: boolean },
  onRemove: (connectorId: string) => void = () => {}
): () => void {
  if (typeof window === 'undefined') return () => {}
  const announced = new Set<Eip1193Provider>()
  let injectedReported: Eip1193Provider | undefined
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<{ info?: unknown; provider?: unknown }>).detail
    if (!detail || !isInfo(detail.info) || !isProvider(detail.provider)) return
    announced.add(detail.provider)
    // A wallet both announced and at window.ethereum is listed once, as announced, even when it
    // announces after the injected entry was reported.
    if (injectedReported === detail.provider) onRemove(INJECTED_CONNECTOR_ID)
    onConnector(announcedConnector(detail.info, detail.provider))
  }
  if (opts.eip6963) {
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  }
  if (opts.injected) {
    const eth = (window as { ethereum?: unknown }).ethereum
    // A wallet that announces itself and also sits at window.ethereum is listed once, as announced.
    if (isProvider(eth) && !announced.has(eth)) {
      injectedReported = eth
      onConnector(injectedConnector(eth))
    }
  }
  return () => window.removeEventListener('eip6963:announceProvider', onAnnounce)
}
