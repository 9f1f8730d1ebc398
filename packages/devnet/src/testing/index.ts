// Browser entry of @wallet-modal/devnet for the browser tests (`@wallet-modal/devnet/testing`):
// the Devnet Wallets (EVM, Solana, Bitcoin) a test installs itself, the Coinbase keys popup's
// side of the SDK protocol, and the runner's devnet (getDevnet, its fault API). Every package's
// browser tests import these by this name, never by a path into the devnet's sources, so they all
// share one module instance (one cached devnet description, one set of wallets) in a page.
// Nothing here runs on import.
export * from '../wallet/index.js'
export { startCoinbaseKeysPopup, type CoinbaseKeysPopupOptions, type CoinbaseKeysRequest } from '../coinbaseKeys/coinbaseKeysPopup.js'
export { TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID } from '../solana/parseTokenData.js'
export { getDevnet, devnetNetworks, solanaNetwork, type DevnetInfo } from './getDevnet.js'
export { memoryStorage, brokenStorage } from './memoryStorage.js'
export { waitFor } from './waitFor.js'
export { rpc, setFault, faultHits, serverRequests, storedEvents, wcWallet } from './testServer.js'
