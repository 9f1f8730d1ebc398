// Public entry of @wallet-modal/server: start the services in-process, or build their config.
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
export { createPgliteStore } from './db/createPgliteStore.js'
export { createPostgresStore } from './db/createPostgresStore.js'
export { MIGRATIONS, type Migration } from './db/migrations.js'
export type { Store, Queryable, QueryResult } from './db/Store.js'
export { loadWalletCatalogue, type WalletCatalogue, type CatalogueWallet } from './wallets/WalletCatalogue.js'
// The answers' shapes are the wire contract's (`@wallet-modal/wire`).
export type { TokenBalance } from '@wallet-modal/wire'
export { ChainIndexer, DEFAULT_HISTORY_POLL_MS, DEFAULT_HISTORY_BATCH_BLOCKS, type ChainIndexerOptions } from './history/ChainIndexer.js'
export type { HistoryTransaction, HistoryTransfer } from './history/toHistoryTransaction.js'
export { DEFAULT_HISTORY_PAGE_SIZE, type HistoryPage } from './routes/historyRoutes.js'
export { ETH_COIN_TYPE } from '@wallet-modal/wire'
export type { ProfileAccount } from './routes/profileRoutes.js'
export { MAX_SIWX_MESSAGE_LENGTH, MAX_SIWX_SIGNATURE_LENGTH, SIWX_NONCES_PER_MINUTE } from './routes/sessionRoutes.js'
export type { SiwxSession, ListedSiwxSession } from './siwx/SiwxSessions.js'
export { SIWX_ENDED_SESSION_KEEP_DAYS, SESSION_MAX_LIFETIME_DAYS, SESSION_TOKEN_PREFIX } from './siwx/SiwxSessions.js'
export { verifySessionToken, type VerifySessionTokenOptions, type SessionTokenCheck } from './client/verifySessionToken.js'
export type { IssuedNonce } from './siwx/SiwxNonces.js'
export { SIWX_NONCE_TTL_MS, SIWX_NONCE_LENGTH } from './siwx/SiwxNonces.js'
export { SIWX_CLOCK_SKEW_MS } from './siwx/checkSiwxMessage.js'
export { parseSiwxMessage } from './siwx/parseSiwxMessage.js'
export { verifySiwx, VERIFY_SIWX_TIMEOUT_MS, type VerifySiwxOptions, type VerifiedSiwx, type RefusedSiwx, type SiwxRefusalReason } from './siwx/verifySiwx.js'
export type { SiwxMessage } from './siwx/SiwxMessage.js'
export { SOLANA_TOKEN_PROGRAMS } from './chain/readSolanaBalances.js'
export { RPC_ALLOW_LIST } from './chain/rpcAllowList.js'
export { DEFAULT_RPC_BATCH, MAX_RPC_BATCH } from './routes/rpcProxyRoutes.js'
export { MAX_BUNDLER_BATCH } from './routes/bundlerRoutes.js'
export { BUNDLER_METHODS, type Bundler, type BundlerMethod } from './bundler/Bundler.js'
export { BUNDLER_ERROR, BundlerError } from './bundler/BundlerError.js'
export { BUNDLER_OPS_PER_MINUTE } from './bundler/LocalBundler.js'
export { MAX_EVENT_BYTES } from './routes/analyticsRoutes.js'
export type { FaultSpec, FaultMode } from './http/FaultInjector.js'
export { RELAY_DEFAULTS, type RelayHub, type RelayOptions } from './relay/RelayHub.js'
export { RELAY_PATH, CLOSE_UNKNOWN_PROJECT } from './relay/relayRoutes.js'
export { MAX_FRAME_BYTES } from './relay/parseRelayFrame.js'
export type { ErrorBody } from './http/ApiError.js'
export { KeyVault, KEK_ENV } from './embedded/KeyVault.js'
export { startSecureSite, type SecureSite, type SecureSiteOptions } from './embedded/SecureSite.js'
export { EmbeddedAccounts, OTP_TTL_MS, OTP_MAX_ATTEMPTS, OTP_RESEND_MS, type EmbeddedAccount } from './embedded/EmbeddedAccounts.js'
export { createMailer, MAIL_TIMEOUT_MS, type MailConfig, type Mailer } from './embedded/Mailer.js'
