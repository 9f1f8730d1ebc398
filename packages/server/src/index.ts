// Public entry of @wallet-modal/server: start the services in-process (createServer, the secure
// site, the key vault), build and check their config, and verify sessions and sign-ins on a site's
// own server. Everything else is the server's own, listed in internal.ts (not published).
export { createServer, type CreateServerOptions, type WalletModalServer } from './createServer.js'
export {
  parseServerConfig,
  ServerConfigSchema,
  type ServerConfig,
  type ProjectConfig,
  type ChainConfig,
  type TokenConfig,
  type FeatureConfig,
  type IdentityConfig,
  type HistoryConfig,
  type SessionsConfig,
  type RateLimitsConfig,
  type RpcProxyConfig,
  type RelayConfig,
  type NamesConfig,
  type SmartAccountsConfig
} from './config/ServerConfig.js'
export { DEFAULT_REMOTE_FEATURES } from './config/defaultRemoteFeatures.js'
export { originMatches, isOriginAllowed, allowListPermits } from './config/originMatches.js'
export { openStore, type StoreOptions } from './db/openStore.js'
export { createPgliteStore, createPostgresStore } from './db/publicStores.js'
export type { Store, Queryable, QueryResult } from './db/Store.js'
// The answers' shapes are the wire contract's (`@wallet-modal/wire`).
export type { TokenBalance } from '@wallet-modal/wire'
export type { HistoryTransaction, HistoryTransfer } from './history/toHistoryTransaction.js'
export type { HistoryPage } from './routes/historyRoutes.js'
export { ETH_COIN_TYPE } from '@wallet-modal/wire'
export type { ProfileAccount } from './routes/profileRoutes.js'
export type { SiwxSession, ListedSiwxSession } from './siwx/SiwxSessions.js'
export { verifySessionToken, type VerifySessionTokenOptions, type SessionTokenCheck } from './client/verifySessionToken.js'
export { parseSiwxMessage } from './siwx/parseSiwxMessage.js'
export { verifySiwx, VERIFY_SIWX_TIMEOUT_MS, type VerifySiwxOptions, type VerifiedSiwx, type RefusedSiwx, type SiwxRefusalReason } from './siwx/verifySiwx.js'
export type { SiwxMessage } from './siwx/SiwxMessage.js'
export { RPC_ALLOW_LIST } from './chain/rpcAllowList.js'
export type { ErrorBody } from './http/ApiError.js'
export { KeyVault, KEK_ENV } from './embedded/KeyVault.js'
export { startSecureSite, type SecureSite, type SecureSiteOptions } from './embedded/SecureSite.js'
export type { MailConfig } from './embedded/Mailer.js'
