// The internal entry (`@wallet-modal/core/internal`): everything the ui and react packages build
// on. Sites use the public entry (`@wallet-modal/core`); nothing here is covered by semver.
export * from './index.js'
export { createCore } from '../createCore.js'
export type { Core, CoreRuntime } from '../createCore.js'
export { buildCore } from '../core/buildCore.js'
export { attachPublicApi } from '../core/attachPublicApi.js'
export { startCore } from '../core/startCore.js'
export type { ChainAdapter, AdapterConnection, AdapterContext, AdapterListeners, Transfer, TransferSupport, NativeBalance } from '../adapters/ChainAdapter.js'
export { ADAPTERS } from '../adapters/registry.js'
export type { AdapterEntry } from '../adapters/registry.js'
export { NAMESPACE_INFO, namespaceSupports, namespaceLabel } from '../adapters/namespaces.js'
export type { NamespaceInfo, NamespaceFeature } from '../adapters/namespaces.js'
export { adapterOf, siteNamespaces, startDiscovery } from '../flows/adapters.js'
export { resolveOptions, toCaipNetwork } from '../controllers/resolveOptions.js'
export type { RecentWallet, ConnectionError } from '../controllers/ConnectionController.js'
export { BROWSER_WALLET_NAME, isExcluded, showsConnector, normalizeWalletName, mergeMultiChain } from '../controllers/ConnectorController.js'
export { SHAKE_MS } from '../controllers/ModalController.js'
export { SNACK_RESHOW_MS } from '../controllers/SnackController.js'
export { RECENT_WALLETS_KEPT } from '../controllers/ConnectionController.js'
export { openModal, closeModal } from '../flows/openModal.js'
export { connectExternal, completeConnection, failConnection } from '../flows/connect.js'
export { chooseConnector, chooseDirectoryWallet } from '../flows/chooseWallet.js'
export { connectRows, orderConnectors } from '../flows/connectRows.js'
export type { ConnectRow } from '../flows/connectRows.js'
export { disconnect } from '../flows/disconnect.js'
export { switchNetwork, chooseNetwork } from '../flows/switchNetwork.js'
export { refreshBalance } from '../flows/accountState.js'
export { ACCOUNT_TABS, selectAccountTab } from '../flows/accountTab.js'
export type { AccountTab } from '../flows/accountTab.js'
export { portfolioTotal } from '../flows/portfolioTotal.js'
export type { PortfolioTotal } from '../flows/portfolioTotal.js'
export { createStorage, STORAGE_KEYS, STORAGE_PREFIX } from '../utils/storage.js'
export type { StorageBackend, RecordStorage } from '../utils/storage.js'
export { safeImageUrl } from '../utils/image.js'
export { isMobile, isBrowser } from '../utils/platform.js'
export { isTelegram, isSafeApp, isIos, isAndroid, isMac } from '../utils/environment.js'
export { createHttpClient, parseRetryAfter, RETRY_STATUSES, RPC_BATCH_SIZE, DEFAULT_TIMEOUT_MS } from '../api/HttpClient.js'
export type { HttpClient, HttpClientOptions, RequestOptions } from '../api/HttpClient.js'
export { createServiceClient, SDK_TYPE, SDK_VERSION } from '../api/ServiceClient.js'
export type { ServiceClient, WalletPage, WalletQuery, HistoryQuery, AnalyticsEvent } from '../api/ServiceClient.js'
export { isValidWalletAsset, parseBalances } from '../api/schemas.js'
export type { Wallet, TokenBalance, Identity, RemoteFeature } from '../api/schemas.js'
export { WALLETS_PAGE_SIZE, SEARCH_ENTRIES, SEARCH_DEBOUNCE_MS, RECOMMENDED_ENTRIES, FEATURED_DEFAULT } from '../controllers/ApiController.js'
export { BALANCE_RETRY_BLOCK_MS, CACHE_MS } from '../controllers/BlockchainApiController.js'
export { ALERTS } from '../controllers/alertTexts.js'
export type { AlertCode } from '../types/alert.js'
export { ERROR_REPORTS_PER_WINDOW, ERROR_REPORT_WINDOW_MS } from '../controllers/TelemetryController.js'
export { DEFAULT_FEATURES } from '../controllers/resolveOptions.js'
export { initServices, originAllowed } from '../flows/services.js'
export {
  fetchFeaturedAndRecommended,
  warmConnectors,
  fetchNextWalletsPage,
  searchWallets,
  walletImageUrl,
  filterWallets,
  installedConnectorFor,
  isExtensionOnly
} from '../flows/walletLists.js'
export { fetchTokenBalances, fetchIdentity } from '../flows/balances.js'
export { trackEvent, reportError } from '../flows/telemetry.js'
export { connectorTypeOrder, DEFAULT_CONNECTOR_TYPE_ORDER } from '../flows/connectorOrder.js'
export type { ConnectorGroup } from '../flows/connectorOrder.js'
export { startWalletConnect, connectWalletConnect, loadWalletConnectClient, PAIRING_TIMEOUT_MS, PAIRING_AUTO_RETRIES } from '../flows/walletConnect.js'
export {
  PAIRING_EXPIRY_MS,
  PAIRING_EXPIRED_THRESHOLD_MS,
  PAIRING_RETRY_GAP_MS,
  WALLET_CONNECT_CONNECTOR_ID,
  isPairingExpired
} from '../adapters/walletconnect/constants.js'
export { walletConnectLink, safeWalletLink, walletBrowseUrl } from '../adapters/walletconnect/links.js'
export type { WcSession } from '../adapters/walletconnect/types.js'
export { defaultView } from '../flows/openModal.js'
export { legalLinks, safeLegalUrl, hasLegalConsent, setLegalConsent, LEGAL_CONSENT_KEY } from '../flows/legalConsent.js'
export type { LegalLinks } from '../flows/legalConsent.js'
export { DEFAULT_ACCOUNT_TYPES } from '../controllers/ChainController.js'
export { walletFeatures } from '../flows/walletFeatures.js'
export type { WalletFeatures } from '../flows/walletFeatures.js'
export { sendTokens } from '../flows/sendTokens.js'
export {
  sendableTokens,
  currentSendToken,
  tokenContract,
  amountError,
  sendDraftError,
  sendSupported,
  maxSendAmount,
  fillMaxAmount,
  previewSend,
  startSendDraft
} from '../flows/sendDraft.js'
export { resolveReceiver, receiverPending } from '../flows/sendReceiver.js'
export { estimateSendFee, formatFee } from '../flows/sendFee.js'
export { trackPendingTransaction, PENDING_POLL_MS, PENDING_GIVE_UP_MS } from '../flows/pendingTransactions.js'
export { signMessage, sendNative, activeWallet } from '../flows/walletActions.js'
export { MAX_PENDING_TRANSACTIONS } from '../controllers/SendController.js'
export type { SendState, SendFee, SendController } from '../controllers/SendController.js'
export type { TransactionsState, TransactionsController } from '../controllers/TransactionsController.js'
export { fetchTransactions, groupTransactions, filterTransactions, transactionDescriptions, transferSign, isSpamTransaction } from '../flows/transactions.js'
export type { TransactionYear, TransactionMonth } from '../flows/transactions.js'
export { parseHistory } from '../api/schemas.js'
export type { Transaction, TransactionTransfer, Profile } from '../api/schemas.js'
export { walletFeaturesOrder, walletFeatureEnabled, DEFAULT_WALLET_FEATURES_ORDER } from '../flows/walletFeatureOrder.js'
export {
  swapFeature,
  startSwap,
  swapBalance,
  swapTokenSections,
  pickSwapToken,
  flipSwap,
  swapAmountError,
  swapTrade,
  requestSwapQuote,
  quoteExpired,
  fillMaxSwap,
  setSwapSlippage,
  minimumReceived,
  formatSwapAmount,
  swapRate,
  swapNetworkFee,
  PRICE_IMPACT_WARNING,
  SWAP_GAS_RESERVE,
  SWAP_SUGGESTED_SYMBOLS,
  SWAP_POPULAR_SYMBOLS
} from '../flows/swapDraft.js'
export type { SwapFeature } from '../flows/swapDraft.js'
export { approveSwap, executeSwap } from '../flows/swapExecute.js'
export { reasonOf } from '../api/serviceReason.js'
export {
  onrampFeature,
  startOnRamp,
  chooseOnRampProvider,
  onrampNetwork,
  purchasableHere,
  onrampLimits,
  onrampAmountError,
  onrampAmountProblem,
  ONRAMP_CHOOSE_FIRST,
  requestOnRampQuote,
  buyOnRamp,
  endOnRampPurchase,
  ONRAMP_FALLBACK_PAYMENT_CURRENCIES,
  ONRAMP_FALLBACK_PURCHASE_CURRENCIES,
  ONRAMP_POLL_MS,
  ONRAMP_WAIT_MS
} from '../flows/onramp.js'
export type { OnRampFeature } from '../flows/onramp.js'
export type { OnRampState, OnRampController, OnRampPurchaseStatus } from '../controllers/OnRampController.js'
export { onrampRestricted, ONRAMP_RESTRICTED_TIMEZONES } from '../utils/onrampRegion.js'
export type { OnRampProvider, OnRampQuote, PurchaseCurrency, PaymentCurrency } from '@wallet-modal/wire'
export { DEFAULT_SLIPPAGE } from '../controllers/SwapController.js'
export type { SwapState, SwapStep, SwapController } from '../controllers/SwapController.js'
export { SWAP_ERROR_MESSAGES } from '../errors/swapCodes.js'
export {
  namesState,
  canRegisterName,
  accountNameProblem,
  startRegisterAccountName,
  releaseRegisterForm,
  setAccountNameInput,
  checkAccountName,
  registerAccountName
} from '../flows/accountNames.js'
export { nameSuffix, DEFAULT_NAME_SUFFIX } from '../flows/profileName.js'
export { NAME_ERROR_MESSAGES } from '../errors/nameCodes.js'
export type { NamesState, NamesController, NameRegistrationStep } from '../controllers/NamesController.js'
export type { SwapQuote, SwapToken } from '@wallet-modal/wire'
export type { WalletFeature } from '../flows/walletFeatureOrder.js'
export { SIWX_DEFAULT_EXPIRY_MS } from '../siwx/siwxMessageDefaults.js'
export { signIn, signOut, cancelSignIn, checkSignIn, clearSignIn, siwxOf, SMART_ACCOUNT_UNSUPPORTED } from '../flows/signIn.js'
export type { SIWXState, SIWXController } from '../controllers/SIWXController.js'
export {
  embeddedState,
  secureSiteUrlOf,
  securePageUrl,
  authName,
  isEmbeddedConnected,
  emailLogin,
  leaveEmailLogin,
  updateEmail,
  logOutEverywhere,
  emailOffered,
  socialsOffered,
  socialLogin,
  farcasterLogin
} from '../flows/embeddedState.js'
export { accountTypeSwitch, switchAccount } from '../flows/accountTypeSwitch.js'
export {
  multiWalletState,
  multiWalletEnabled,
  openProfileWallets,
  type StoredConnection,
  type ConnectionStatus,
  type MultiWalletState
} from '../flows/storedConnections.js'
export { switchConnection, disconnectConnection, connectionBalance } from '../flows/multiWallet.js'
export { networkImageUrl, prefetchImagesOnce } from '../flows/networkImages.js'
export { pushTransactionStack, popTransactionStack, transactionStackDepth, type TransactionStackEntry } from '../flows/transactionStack.js'
export { SOCIAL_PROVIDERS, SOCIAL_LOGINS, type SocialProvider, type SocialLogin } from '../adapters/embedded/constants.js'
export { connectMethodsOrder, DEFAULT_CONNECT_METHODS_ORDER, type ConnectMethod } from '../flows/connectMethods.js'
export type { EmbeddedState, EmailLoginStep, UpdateEmailStep } from '../controllers/EmbeddedController.js'
export { AUTH_CONNECTOR_ID, isAuthConnectorId } from '../adapters/embedded/constants.js'

// The dialog's English strings (its chunk adds them to the catalogue: see I18nController.addEnglish).
export { default as modalEnglish } from '../i18n/compiled/en/modal.js'
// The lazy views' English strings (each such view's chunk adds them: see useViewsT in the ui).
export { default as viewsEnglish } from '../i18n/compiled/en/views.js'
// Each feature's English strings, added by its views' chunks (useEnglishT in the ui). The notices'
// (errors, alerts, snack messages) are never loaded in English: their English is the text core
// shows (the spec's wording), which the other locales translate by key.
export { default as sendEnglish } from '../i18n/compiled/en/send.js'
export { default as swapEnglish } from '../i18n/compiled/en/swap.js'
export { default as onrampEnglish } from '../i18n/compiled/en/onramp.js'
export { default as authEnglish } from '../i18n/compiled/en/auth.js'
export { default as walletsEnglish } from '../i18n/compiled/en/wallets.js'
export type { Catalogue } from '../i18n/I18nController.js'
export { buttonLabels } from '../i18n/buttonLabels.js'
export { resolveLocale, detectLocale } from '../i18n/resolveLocale.js'
export { amountFormatter } from '../i18n/amountFormatter.js'
