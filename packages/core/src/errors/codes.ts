/**
 * The spec's error catalogue (spec §8, docs/ERRORS.md) keyed by stable codes. Grouped by domain;
 * the wording is the contract and is tested one by one.
 */
export const ERROR_MESSAGES = {
  // configuration
  PROJECT_ID_REQUIRED: 'A project id is required',
  NETWORKS_REQUIRED: 'At least one network is required',
  INVALID_OPTIONS: 'Invalid options',
  // CAIP and addresses
  INVALID_CAIP_ADDRESS: 'Invalid CAIP Address',
  INVALID_CAIP10_ADDRESS: 'Invalid CAIP-10 address',
  INVALID_CAIP2_NETWORK_ID: 'Invalid CAIP-2 network id',
  INVALID_CHAIN_ID: 'Invalid chainId',
  CAIP_UNDEFINED: 'CaipNetwork or CaipAddress is undefined',
  // connection
  MODAL_CLOSED: 'Modal closed',
  USER_REJECTED: 'Connection rejected',
  CONNECT_FAILED: 'Failed to connect',
  CONNECTOR_NOT_FOUND: 'No connector found for connection',
  WALLET_CONNECT_NOT_FOUND: 'WalletConnectConnector not found',
  INVALID_CONNECTION_STATUS: 'Invalid connection status',
  DISCONNECT_FAILED: 'Failed to disconnect',
  DISCONNECT_CHAINS_FAILED: 'Failed to disconnect chains',
  // networks
  NETWORK_NOT_FOUND: 'Network not found',
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  ADAPTER_NOT_FOUND: 'Adapter not found',
  UNSUPPORTED_CHAIN_NAMESPACE: 'Unsupported chain namespace',
  CONNECTOR_CHAINS_UNSUPPORTED: 'The connector does not support any of the requested chains',
  SWITCH_NETWORK_REJECTED: 'Switch network rejected',
  SWITCH_NETWORK_FAILED: 'Failed to switch network',
  // remote calls
  REQUEST_TIMEOUT: 'Request timed out',
  REQUEST_ABORTED: 'Request was aborted',
  NETWORK_ERROR: 'Network error',
  INVALID_RESPONSE: 'Invalid response',
  HTTP_ERROR: 'HTTP status code',
  RPC_ERROR: 'RPC request failed',
  BALANCE_UNAVAILABLE: 'Token Balance Unavailable',
  // sending (spec §5 / §8)
  SEND_FIELDS_REQUIRED: 'An amount and receiver address are required',
  SEND_TOKEN_REQUIRED: 'A token is required',
  SEND_UNSUPPORTED_CHAIN: 'Unsupported chain',
  SIGNATURE_DECLINED: 'Signature declined',
  INVALID_AMOUNT: 'Enter a valid amount',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  INVALID_RECEIVER: 'Invalid address',
  NAME_RESOLVE_FAILED: 'Error resolving name',
  TRANSACTION_FAILED: 'Transaction failed',
  // activity
  TRANSACTIONS_ADDRESS_REQUIRED: 'Transaction fetch needs an account address',
  TRANSACTIONS_FETCH_FAILED: 'Failed to fetch transactions',
  // sign-in (SIWX)
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  SIWX_CONFLICT: 'siweConfig and siwx options cannot both be set',
  SIWX_FAILED: 'Sign-in failed'
} as const

/** A code of the first chunk's catalogue. */
export type CatalogueCode = keyof typeof ERROR_MESSAGES
/**
 * A stable error code of wallet-modal. The social login's and the embedded wallet's are catalogued
 * in their own chunks and their errors always carry their words (`shortMessage`), so nothing here
 * looks them up.
 */
export type ErrorCode =
  | CatalogueCode
  | import('./socialCodes.js').SocialErrorCode
  | import('./embeddedCodes.js').EmbeddedErrorCode
  | import('./swapCodes.js').SwapErrorCode
  | import('./nameCodes.js').NameErrorCode
