// Public entry of @wallet-modal/wire: the one declaration of every call between the modal and its
// services (spec §7). The modal's service client builds requests from it and checks answers with
// it; the server validates requests with the same schemas and types its answers by them.
export {
  defineEndpoint,
  endpointPath,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
  type HttpMethod,
  type ParsedRequest,
  type AnySchema
} from './Endpoint.js'
export { encodeQuery, type QueryValue } from './encodeQuery.js'
export { ClientParamsSchema, MAX_CLIENT_PARAM_LENGTH, type ClientParams, type ClientParamName } from './ClientParams.js'
export { queryInteger } from './queryInteger.js'
export { commaList } from './commaList.js'
export {
  walletLinkProblem,
  isAllowedWalletLink,
  appSchemeOf,
  appSchemeProblem,
  FORBIDDEN_LINK_SCHEMES,
  FORBIDDEN_SCHEME_PREFIXES,
  MAX_APP_SCHEME_LENGTH,
  MAX_WALLET_LINK_LENGTH
} from './walletLink.js'
export { AccountAddressSchema, BitcoinAddressSchema, Caip10Schema, Caip2Schema, EvmAddressSchema, IsoTimeSchema, SolanaAddressSchema } from './formats.js'
export {
  directoryEndpoints,
  AnalyticsConfigSchema,
  FeatureSchema,
  ImageIdSchema,
  ImageParamsSchema,
  OriginsSchema,
  ProjectConfigSchema,
  WalletPageSchema,
  WalletSchema,
  WalletsQuerySchema,
  type RemoteFeature,
  type Wallet,
  type WalletPage,
  type WalletsQuery
} from './directoryEndpoints.js'
export {
  analyticsEndpoints,
  AnalyticsEventSchema,
  EventAcceptedSchema,
  EventPropsSchema,
  ERROR_REPORT_LIMITS,
  MAX_EVENT_BYTES,
  type AnalyticsEvent
} from './analyticsEndpoints.js'
export {
  blockchainEndpoints,
  BalanceParamsSchema,
  BalanceQuerySchema,
  BalancesSchema,
  FungiblePriceBodySchema,
  FungiblePricesSchema,
  FungibleSchema,
  GasPriceQuerySchema,
  GasPriceSchema,
  IdentityParamsSchema,
  IdentityQuerySchema,
  IdentitySchema,
  RpcProxyQuerySchema,
  SupportedChainsSchema,
  TokenBalanceSchema,
  type Fungible,
  type Identity,
  type TokenBalance
} from './blockchainEndpoints.js'
export {
  historyEndpoints,
  HistoryPageSchema,
  HistoryParamsSchema,
  HistoryQuerySchema,
  MAX_HISTORY_CURSOR_LENGTH,
  TransactionSchema,
  TransactionTransferSchema,
  type HistoryPage,
  type Transaction,
  type TransactionTransfer
} from './historyEndpoints.js'
export { profileEndpoints, ETH_COIN_TYPE, ProfileParamsSchema, ProfileQuerySchema, ProfileSchema, type Profile } from './profileEndpoints.js'
export {
  nameEndpoints,
  ACCOUNT_NAME_LABEL,
  ACCOUNT_NAME_MIN_LENGTH,
  evmCoinType,
  NamedProfileSchema,
  ReverseSchema,
  SuggestionsSchema,
  RegisterNameBodySchema,
  type NamedProfile,
  type NameSuggestion,
  type NameRegistrationMessage,
  type RegisterNameBody
} from './nameEndpoints.js'
export { bundlerEndpoints, BundlerQuerySchema } from './bundlerEndpoints.js'
export {
  sessionEndpoints,
  ListedSessionSchema,
  MAX_SIWX_MESSAGE_LENGTH,
  MAX_SIWX_SIGNATURE_LENGTH,
  NonceSchema,
  RevokeBodySchema,
  RevokedSchema,
  SessionAddressParamsSchema,
  SessionListSchema,
  SessionSchema,
  SessionsQuerySchema,
  SignatureSchema,
  SignInBodySchema,
  SignInSchema,
  SessionTokenSchema,
  VerifyTokenBodySchema,
  VerifiedTokenSchema,
  type ListedSession,
  type Nonce,
  type Session,
  type VerifiedToken
} from './sessionEndpoints.js'
export { EIP155_READ_METHODS } from './eip155ReadMethods.js'
export {
  AccountTypeSchema,
  ConnectEmailActionSchema,
  EMBEDDED_APPROVAL_METHODS,
  EMBEDDED_SAFE_METHODS,
  EmailSchema,
  EmbeddedUserSchema,
  FRAME_REQUESTS,
  FRAME_RESPONSES,
  FrameMessageSchema,
  FrameRequestSchema,
  SendCallsParamsSchema,
  SOCIAL_PROVIDERS,
  SocialProviderSchema,
  SocialResultMessageSchema,
  UpdateEmailActionSchema,
  classifyEmbeddedMethod,
  type EmbeddedUser,
  type FrameMessage,
  type FrameRequest,
  type FrameRequestPayload,
  type FrameRequestType,
  type FrameResponse,
  type SocialProvider
} from './embeddedMessages.js'
export {
  convertEndpoints,
  BaseUnitsSchema,
  PositiveBaseUnitsSchema,
  BuildApproveQuerySchema,
  BuildApproveSchema,
  BuildTransactionBodySchema,
  BuildTransactionSchema,
  ConvertAllowanceQuerySchema,
  ConvertAllowanceSchema,
  ConvertQuotesQuerySchema,
  ConvertQuotesSchema,
  ConvertTokensQuerySchema,
  ConvertTokensSchema,
  SwapQuoteSchema,
  SwapTokenSchema,
  SwapTransactionSchema,
  type SwapQuote,
  type SwapToken,
  type SwapTransaction
} from './convertEndpoints.js'
export {
  onrampEndpoints,
  DecimalSchema,
  OnRampNetworkSchema,
  OnRampOptionsQuerySchema,
  OnRampOptionsSchema,
  OnRampProviderSchema,
  OnRampQuoteAnswerSchema,
  OnRampQuoteBodySchema,
  OnRampQuoteSchema,
  OnRampUrlBodySchema,
  OnRampUrlSchema,
  PaymentCurrencySchema,
  PaymentMethodLimitSchema,
  PurchaseCurrencySchema,
  type OnRampProvider,
  type OnRampQuote,
  type PaymentCurrency,
  type PurchaseCurrency
} from './onrampEndpoints.js'
export { RELAY_REFUSALS, RELAY_REFUSAL_CLOSE_CODE, relayRefusalOf, relayRefusalReason, type RelayRefusal } from './relayRefusals.js'
