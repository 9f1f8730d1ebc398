// The internal entry (`@wallet-modal/core/internal`): everything the ui and the framework bindings
// (react, vue, svelte, angular) build on. Sites use the public entry (`@wallet-modal/core`); nothing here is covered by semver.
export * from './index.js'
export { createCore } from '../createCore.js'
export type { Core } from '../createCore.js'
export { buildCore } from '../core/buildCore.js'
export { attachPublicApi } from '../core/attachPublicApi.js'

export type { Transfer } from '../adapters/ChainAdapter.js'
export { ADAPTERS } from '../adapters/registry.js'

export { NAMESPACE_INFO, namespaceSupports, namespaceLabel } from '../adapters/namespaces.js'

export { startDiscovery } from '../flows/adapters.js'

export { closeModal } from '../flows/openModal.js'
export { connectExternal } from '../flows/connect.js'
export { completeConnection, failConnection } from '../flows/completeConnection.js'
export { chooseConnector, chooseDirectoryWallet } from '../flows/chooseWallet.js'
export { connectRows } from '../flows/connectRows.js'

export { disconnect } from '../flows/disconnect.js'
export { switchNetwork, chooseNetwork } from '../flows/switchNetwork.js'
export { refreshBalance } from '../flows/accountState.js'
export { ACCOUNT_TABS, selectAccountTab } from '../flows/accountTab.js'
export type { AccountTab } from '../flows/accountTab.js'
export { portfolioTotal } from '../flows/portfolioTotal.js'

export { createStorage, STORAGE_KEYS, STORAGE_PREFIX } from '../utils/storage.js'
export { whenIdle } from '../utils/whenIdle.js'

export { safeImageUrl } from '../utils/image.js'
export { isMobile, isBrowser } from '../utils/platform.js'

export { createHttpClient, parseRetryAfter, RETRY_STATUSES, RPC_BATCH_SIZE, DEFAULT_TIMEOUT_MS } from '../api/HttpClient.js'
export type { HttpClient } from '../api/HttpClient.js'
export { createServiceClient, SDK_TYPE, SDK_VERSION } from '../api/ServiceClient.js'

export type { Wallet } from '../api/schemas.js'
export { SEARCH_DEBOUNCE_MS } from '../controllers/ApiController.js'

export { ALERTS } from '../controllers/alertTexts.js'

export { initServices, originAllowed } from '../flows/services.js'
export {
  fetchFeaturedAndRecommended,
  warmConnectors,
  fetchNextWalletsPage,
  searchWallets,
  walletImageUrl,
  installedConnectorFor
} from '../flows/walletLists.js'
export { fetchTokenBalances, fetchIdentity } from '../flows/balances.js'
export { reportError } from '../flows/telemetry.js'
export { connectorTypeOrder } from '../flows/connectorOrder.js'

export { startWalletConnect, connectWalletConnect, loadWalletConnectClient, PAIRING_TIMEOUT_MS, PAIRING_AUTO_RETRIES } from '../flows/walletConnect.js'

export { walletConnectLink } from '../adapters/walletconnect/links.js'

export { defaultView } from '../flows/openModal.js'
export { legalLinks, hasLegalConsent, setLegalConsent } from '../flows/legalConsent.js'
export type { LegalLinks } from '../flows/legalConsent.js'

export { walletFeatures } from '../flows/walletFeatures.js'
export { siwxState } from '../flows/siwxState.js'

export { sendTokens } from '../flows/sendTokens.js'
export { sendableTokens, currentSendToken, amountError, sendSupported, fillMaxAmount, previewSend, startSendDraft } from '../flows/sendDraft.js'
export { resolveReceiver, receiverPending } from '../flows/sendReceiver.js'
export { estimateSendFee, formatFee } from '../flows/sendFee.js'

export { signMessage, sendNative, activeWallet } from '../flows/walletActions.js'

export type { SendController } from '../controllers/SendController.js'
export type { TransactionsController } from '../controllers/TransactionsController.js'
export { fetchTransactions, groupTransactions, transactionDescriptions } from '../flows/transactions.js'

export type { Transaction } from '../api/schemas.js'
export { walletFeaturesOrder, walletFeatureEnabled } from '../flows/walletFeatureOrder.js'
export {
  swapFeature,
  startSwap,
  swapBalance,
  swapTokenSections,
  pickSwapToken,
  flipSwap,
  swapAmountError,
  requestSwapQuote,
  fillMaxSwap,
  setSwapSlippage,
  minimumReceived,
  formatSwapAmount,
  swapRate,
  swapNetworkFee,
  PRICE_IMPACT_WARNING
} from '../flows/swapDraft.js'

export { approveSwap, executeSwap } from '../flows/swapExecute.js'

export {
  onrampFeature,
  startOnRamp,
  chooseOnRampProvider,
  onrampNetwork,
  purchasableHere,
  onrampLimits,
  onrampAmountProblem,
  ONRAMP_CHOOSE_FIRST,
  requestOnRampQuote,
  buyOnRamp,
  endOnRampPurchase,
  ONRAMP_FALLBACK_PAYMENT_CURRENCIES,
  ONRAMP_FALLBACK_PURCHASE_CURRENCIES
} from '../flows/onramp.js'

export type { OnRampController } from '../controllers/OnRampController.js'
export { onrampRestricted } from '../utils/onrampRegion.js'

export type { SwapController } from '../controllers/SwapController.js'
export { SWAP_ERROR_MESSAGES } from '../errors/swapCodes.js'
export {
  namesState,
  canRegisterName,
  startRegisterAccountName,
  releaseRegisterForm,
  setAccountNameInput,
  checkAccountName,
  registerAccountName
} from '../flows/accountNames.js'
export { nameSuffix, DEFAULT_NAME_SUFFIX } from '../flows/profileName.js'
export { NAME_ERROR_MESSAGES } from '../errors/nameCodes.js'
export type { NamesController } from '../controllers/NamesController.js'
export type { SwapToken } from '@wallet-modal/wire'
export type { WalletFeature } from '../flows/walletFeatureOrder.js'

export { signIn, signOut, cancelSignIn, checkSignIn, clearSignIn, siwxOf, SMART_ACCOUNT_UNSUPPORTED } from '../flows/signIn.js'
export type { SIWXController } from '../controllers/SIWXController.js'
export { embeddedState, securePageUrl, authName, socialsOffered } from '../flows/embeddedState.js'
export { emailLogin, leaveEmailLogin, updateEmail, logOutEverywhere, socialLogin, farcasterLogin } from '../flows/embeddedLogin.js'
export { accountTypeSwitch } from '../flows/accountTypeSwitch.js'
export { switchAccount } from '../flows/switchAccount.js'
export { multiWalletState, multiWalletEnabled, openProfileWallets, type StoredConnection } from '../flows/storedConnections.js'
export { switchConnection, disconnectConnection, connectionBalance } from '../flows/multiWallet.js'
export { networkImageUrl } from '../flows/networkImages.js'

export type { SocialProvider, SocialLogin } from '../adapters/embedded/constants.js'
export { connectMethodsOrder } from '../flows/connectMethods.js'

export { isAuthConnectorId } from '../adapters/embedded/constants.js'

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
// The languages alone, without a core (the ui's tests of its text helpers).
export { createI18nController } from '../i18n/I18nController.js'
export { buttonLabels } from '../i18n/buttonLabels.js'
export { resolveLocale, detectLocale } from '../i18n/resolveLocale.js'
export { amountFormatter } from '../i18n/amountFormatter.js'

// What the Vue, Svelte and Angular bindings read of a modal (live, and for a server render), and
// the error of their actions without a modal: one copy for the three packages.
export {
  inBrowser,
  shallowEqual,
  latestEventRead,
  readTheme,
  subscribeTheme,
  serverAccount,
  serverNetwork,
  serverState,
  type WalletModalThemeState,
  type LatestModalEvent,
  type ModalRead
} from '../bindings/modalSnapshots.js'
export { notReady } from '../bindings/notReady.js'
