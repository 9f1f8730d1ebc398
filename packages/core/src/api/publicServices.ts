/**
 * The WalletConnect network's public relay: where phone wallets (MetaMask Mobile, Trust, Rainbow,
 * Ledger Live...) listen for pairings. A pairing URI carries no relay address, so a pairing made
 * anywhere else reaches only wallets pointed at that relay. The sign-client authenticates with the
 * site's project id and a relay JWT whose audience is this URL.
 */
export const WALLETCONNECT_RELAY_URL = 'wss://relay.walletconnect.org'

/**
 * The public wallet registry (WalletConnect's Explorer, served by the "Web3Modal API" of
 * walletconnect-specs): `GET /getWallets` and `GET /getWalletImage/{image_id}` with the project
 * parameters (`projectId`, `st`, `sv`) in the query.
 */
export const PUBLIC_REGISTRY_URL = 'https://api.web3modal.org'

/** Origins of the WalletConnect network's services a site's CSP must allow in no-server mode. */
export const PUBLIC_SERVICE_ORIGINS = { relay: WALLETCONNECT_RELAY_URL, registry: PUBLIC_REGISTRY_URL } as const
