// @wallet-modal/wagmi: the wagmi connector. Everything here is public API.
export { walletModalConnector, WALLET_MODAL_CONNECTOR_ID } from '../walletModalConnector.js'
export type { WalletModalConnectorOptions } from '../walletModalConnector.js'
