// Node entry of @wallet-modal/devnet: local chains, tokens and the demo server.
// The Devnet Wallet (browser code) has its own entry, src/wallet/index.ts.
import { base58 } from '@scure/base'
export { startAnvil, type StartAnvilOptions, type AnvilInstance } from './anvil.js'
export { resolveAnvilBinary } from './anvilBinary.js'
export { startDevnet, type StartDevnetOptions, type Devnet, type DevnetChain, type DevnetSolana } from './startDevnet.js'
export { deployTokens, type DevnetTokenAddresses } from './deployTokens.js'
export { deployUniswap } from './deployUniswap.js'
export { deployAccountAbstraction } from './deployAccountAbstraction.js'
export { deployEns } from './deployEns.js'
export { installMulticall3 } from './installMulticall3.js'
export { serveDemo, type ServeDemoOptions, type DemoServer, type DevnetConfig } from './serveDemo.js'
export { startAll, type StartAllOptions, type AllServices, type ServiceServer } from './startAll.js'
export { devnetPaths, type DevnetPaths } from './devnetPaths.js'
export { startSafeStandIn, DEVNET_SAFE_ADDRESS, type SafeStandIn } from './safe/startSafeStandIn.js'
export { DEMO_CSP, demoCsp } from './server/securityHeaders.js'
export { jsonRpc, type JsonRpcOptions } from './jsonRpc.js'
export { waitForReceipt, type DevnetReceipt, type WaitForReceiptOptions } from './waitForReceipt.js'
export { RpcError } from './RpcError.js'
export { findFreePort } from './freePort.js'
export {
  DEVNET_ARTIFACTS,
  devnetTokenAbi,
  devnetTetherAbi,
  type ContractArtifact
} from './contracts/devnetArtifacts.js'
export {
  DEVNET_ACCOUNTS,
  DEPLOYER_ACCOUNT,
  WALLET_ACCOUNT,
  WALLET_PRIVATE_KEY,
  DEVNET_CHAINS,
  DUSD_ADDRESS,
  USDT_ADDRESS,
  DEVNET_TOKENS,
  DEVNET_TOKEN_DECIMALS,
  DEVNET_LIST_TOKEN,
  DEVNET_TOKEN_LIST_URL,
  LIST_TOKEN_DEPLOYER,
  FUNDED_ACCOUNT_COUNT,
  INITIAL_TOKEN_BALANCE,
  DEVNET_UNISWAP,
  DEVNET_ACCOUNT_ABSTRACTION,
  DEVNET_PAYMASTER_SIGNER,
  DEVNET_PAYMASTER_DEPOSIT,
  DEVNET_POOLS,
  MULTICALL3_ADDRESS,
  DEVNET_ENS,
  DEVNET_ENS_NAMES,
  DEVNET_ENS_POISONED_REVERSE
} from './constants.js'
export {
  createWalletConnectDevWallet,
  type WalletConnectDevWallet,
  type WalletConnectDevWalletOptions,
  type WalletConnectDevWalletState,
  type WalletMode,
  type WalletSessionInfo,
  type PairResult
} from './walletconnect/createWalletConnectDevWallet.js'
export type { WalletChain } from './walletconnect/sendWalletTransaction.js'
export { buildApprovalNamespaces, WC_WALLET_METHODS, WC_WALLET_EVENTS } from './walletconnect/buildApprovalNamespaces.js'
export { parseWalletConnectUri, type WalletConnectUri } from './walletconnect/parseWalletConnectUri.js'
export { WalletInputError } from './walletconnect/WalletInputError.js'
export { MemoryKeyValueStorage } from './walletconnect/MemoryKeyValueStorage.js'
export { type WalletLogEntry, type WalletLogOutcome, WALLET_LOG_LIMIT } from './walletconnect/WalletLog.js'
export { wcWalletApi, WC_WALLET_API_PREFIX, type WcWalletControl } from './walletconnect/wcWalletApi.js'
export {
  startSolanaDevnet,
  SOLANA_RPC_BODY_LIMIT,
  SOLANA_RPC_MAX_BATCH,
  type StartSolanaDevnetOptions,
  type SolanaDevnet
} from './solana/startSolanaDevnet.js'
export {
  SolanaLedger,
  TransactionRejectedError,
  MAX_BLOCKHASH_AGE,
  MAX_TRANSACTION_BYTES,
  LAMPORTS_PER_SIGNATURE,
  MAX_AIRDROP_LAMPORTS,
  type SolanaLedgerOptions,
  type SolanaAccount,
  type TransactionRecord,
  type SimulationResult
} from './solana/SolanaLedger.js'
export { SOLANA_RPC_METHODS, SOLANA_CORE_VERSION, callSolanaRpc } from './solana/callSolanaRpc.js'
export {
  SOLANA_GENESIS_HASH,
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_NETWORK_NAME,
  LAMPORTS_PER_SOL,
  SOLANA_WALLET_SECRET,
  SOLANA_WALLET_ADDRESS,
  SOLANA_RECEIVER_ADDRESS,
  SOLANA_WALLET_LAMPORTS,
  SOLANA_RECEIVER_LAMPORTS,
  SOLANA_SPL_MINT,
  SOLANA_SPL_TOKEN,
  SOLANA_INITIAL_SPL_BALANCE
} from './solana/solanaConstants.js'
export { decodeSolanaAddress } from './solana/decodeSolanaAddress.js'
export { TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID } from './solana/parseTokenData.js'
/**
 * Encodes bytes as base58, the text form of Solana keys and signatures: @scure/base's encoder,
 * exported under this name for tests that build Solana sign-ins.
 */
export const encodeBase58: (bytes: Uint8Array) => string = base58.encode
export {
  installDevnetSolanaWallet,
  type InstallDevnetSolanaWalletOptions
} from './solana/wallet/installDevnetSolanaWallet.js'
export {
  createDevnetSolanaWallet,
  DEVNET_SOLANA_WALLET_NAME,
  type DevnetSolanaWallet,
  type DevnetSolanaWalletMode,
  type DevnetSolanaWalletOptions,
  type DevnetSolanaWalletFeatures
} from './solana/wallet/createDevnetSolanaWallet.js'
export { startMailSink, codeOf, linkOf, type MailSink, type SunkMail } from './mail/startMailSink.js'
export {
  startOidcProvider,
  DEVNET_SOCIALS,
  DEVNET_SOCIAL_USERS,
  type DevnetOidcProvider,
  type DevnetSocial,
  type DevnetSocialUser,
  type OidcProviderOptions
} from './oidc/startOidcProvider.js'
export { followOidcLogin } from './oidc/followOidcLogin.js'
export {
  startFarcasterRelay,
  devnetFarcasterCustody,
  DEVNET_FARCASTER_ACCOUNTS,
  type DevnetFarcasterAccount,
  type DevnetFarcasterRelay
} from './farcaster/startFarcasterRelay.js'
export { startNextExample, nextExampleAvailable } from './next/startNextExample.js'
export type { NextExample, StartNextExampleOptions } from './next/startNextExample.js'
export {
  startOnRampSandbox,
  sandboxQuote,
  SANDBOX_TEST_CARD,
  SANDBOX_LIMITS,
  type OnRampSandbox,
  type OnRampSandboxOptions,
  type SandboxPurchase
} from './onramp/startOnRampSandbox.js'
export {
  startOneInchStandIn,
  ONE_INCH_NATIVE_ADDRESS,
  type OneInchStandIn,
  type OneInchStandInOptions,
  type OneInchStandInChain,
  type OneInchFailure,
  type OneInchEndpoint,
  type OneInchCall
} from './oneInch/startOneInchStandIn.js'
export {
  startCoinbaseOnRampStandIn,
  generateCdpApiKey,
  COINBASE_USDC_ID,
  type CoinbaseOnRampStandIn,
  type CoinbaseOnRampStandInOptions,
  type CdpApiKey,
  type CoinbaseFailure,
  type CoinbaseEndpoint,
  COINBASE_STAND_IN_PAYMENTS
} from './onramp/startCoinbaseOnRampStandIn.js'
export {
  startMeldStandIn,
  meldWebhookSignature,
  MELD_STAND_IN_CRYPTO,
  type MeldStandIn,
  type MeldStandInOptions,
  type MeldFailure,
  type MeldEndpoint,
  type MeldCryptoCurrency,
  type MeldTransaction,
  MELD_STAND_IN_FIAT
} from './onramp/startMeldStandIn.js'
export {
  startRegistryStandIn,
  REGISTRY_STAND_IN_PROJECT,
  type RegistryStandIn,
  type RegistryStandInOptions,
  type RegistryFault
} from './registry/startRegistryStandIn.js'
export { registrySampleData, registrySampleWallet, registryTilePng, type RegistryWallet, type RegistryImage } from './registry/registrySampleWallets.js'
export {
  startEtherscanStandIn,
  ETHERSCAN_STAND_IN_KEY,
  type EtherscanStandIn,
  type EtherscanStandInOptions,
  type EtherscanStandInChain,
  type EtherscanFailure,
  type EtherscanCall,
  type ExplorerRow
} from './explorerApi/startEtherscanStandIn.js'
export {
  startCoinGeckoStandIn,
  devnetCoinGeckoPrices,
  DEVNET_COINGECKO_PLATFORM,
  DEVNET_LIST_TOKEN_USD,
  type CoinGeckoStandIn,
  type CoinGeckoStandInOptions,
  type CoinGeckoFailure,
  type CoinGeckoCall
} from './prices/startCoinGeckoStandIn.js'
export { deployPriceFeed, setPriceFeedAnswer, PRICE_FEED_OWNER, type PriceFeedOptions } from './prices/deployPriceFeed.js'
// The Devnet Bitcoin wallet's keys and signer (pure JS), for tests that sign Bitcoin sign-ins.
export {
  deriveDevnetBitcoinKeys,
  signBitcoinMessage,
  type DevnetBitcoinKey,
  type BitcoinMessageProtocol,
  type BitcoinMessageSignature
} from './bitcoin/index.js'
