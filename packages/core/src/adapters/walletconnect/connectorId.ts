import type { WiredNamespace } from '../../types/network.js'

/**
 * The id of the WalletConnect connector (spec §3). Its own module: the first chunk needs the id,
 * not the pairing constants and method lists beside it in `constants.ts`.
 */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/**
 * The namespace whose adapter holds the modal's WalletConnect sessions (eip155 so far), so the
 * WalletConnect row is listed under it. Here, beside the id, because the first chunk needs it
 * and not the registry's support table (`NAMESPACE_INFO`), whose `pairedWallets` flag says the
 * same (checked in namespaces.unit.test.ts).
 */
export const WALLET_CONNECT_NAMESPACE: WiredNamespace = 'eip155'
