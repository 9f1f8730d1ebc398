import type { Connector } from '../../types/connector.js'
import type { CaipNetwork, WiredNamespace } from '../../types/network.js'
import type { Lifetime } from '../../utils/lifetime.js'
import { authConnectorId, EMBEDDED_NAMESPACES, type EmbeddedNamespace } from './constants.js'
import { EmbeddedProvider } from './EmbeddedProvider.js'
import { embeddedSolanaWallet } from './embeddedSolanaWallet.js'
import { FrameClient, type FrameClientOptions } from './FrameClient.js'

/** The e-mail icon of the auth connector (a data: URL, as connector images must be). */
const EMAIL_ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="6" fill="#3b6ff5"/><path d="M5 8l7 5 7-5M5 7h14v10H5z" fill="none" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/></svg>'
  )

/** The embedded wallet of one core: its frame and its connector on each namespace it serves. */
export interface EmbeddedWallet {
  frame: FrameClient
  provider: EmbeddedProvider
  /** The auth connector per namespace the site lists networks of. */
  connectors: Partial<Record<WiredNamespace, Connector>>
  /** Puts the wallet on `network` before its adapter connects (EVM: the frame's chain). */
  prepareNetwork(network: CaipNetwork): Promise<void>
}

/** Options of {@link createEmbeddedWallet}. */
export interface EmbeddedWalletOptions extends Omit<FrameClientOptions, 'lifetime' | 'onSignedOut'> {
  lifetime: Lifetime
  /** The site's networks by namespace. */
  networksOf(ns: WiredNamespace): CaipNetwork[]
  /** A method outside spec §6 was asked for. */
  onRefused(method: string): void
  /** The person signed out (through a disconnect). */
  onSignOut(): void
}

/**
 * Builds the embedded wallet: the secure frame, and its auth connectors (type AUTH, spec §3): an
 * EIP-1193 provider on eip155 and a Wallet Standard wallet on solana, so the namespaces' own
 * adapters connect, sign and send with it as with any wallet.
 */
export function createEmbeddedWallet(options: EmbeddedWalletOptions): EmbeddedWallet {
  const solanaWallets: ReturnType<typeof embeddedSolanaWallet>[] = []
  const frame = new FrameClient({
    ...options,
    onSignedOut() {
      // Ended elsewhere: each namespace's connection hears its wallet leave.
      provider.signedOut()
      for (const w of solanaWallets) w.signedOut()
      options.onSignOut()
    }
  })
  const provider = new EmbeddedProvider(frame, { onRefused: options.onRefused, onSignOut: options.onSignOut })
  // Per namespace: the wallet object its adapter connects with (each adapter's own kind of
  // wallet) and how the frame follows a network chosen in the modal. A new embedded namespace is
  // one entry here; the type makes it complete.
  const namespaces: Record<EmbeddedNamespace, NamespaceSurface> = {
    eip155: {
      wallet: () => ({ provider }),
      async follow(network) {
        await frame.request('SWITCH_NETWORK', { chainId: Number(network.id) })
        provider.setChainId(Number(network.id))
      }
    },
    solana: {
      wallet(networks) {
        const wallet = embeddedSolanaWallet(frame, networks, EMAIL_ICON, { onSignOut: options.onSignOut })
        solanaWallets.push(wallet)
        return { handle: wallet }
      }
    }
  }
  const connectors: EmbeddedWallet['connectors'] = {}
  for (const ns of EMBEDDED_NAMESPACES) {
    const networks = options.networksOf(ns)
    if (!networks.length) continue
    connectors[ns] = { id: authConnectorId(ns), name: 'Email', type: 'AUTH', chain: ns, imageUrl: EMAIL_ICON, ...namespaces[ns].wallet(networks) }
  }
  return {
    frame,
    provider,
    connectors,
    async prepareNetwork(network) {
      const ns = EMBEDDED_NAMESPACES.find(n => n === network.chainNamespace)
      if (ns) await namespaces[ns].follow?.(network)
    }
  }
}

/** How the embedded wallet appears on one namespace. */
interface NamespaceSurface {
  /** The connector's wallet object for the namespace's adapter (an EIP-1193 provider, a Wallet Standard handle). */
  wallet(networks: CaipNetwork[]): Pick<Connector, 'provider' | 'handle'>
  /** Puts the frame on a network before the adapter connects; absent where the frame needs no telling. */
  follow?(network: CaipNetwork): Promise<void>
}
