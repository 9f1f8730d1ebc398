export { WalletModalError, isWalletModalError, toWalletModalError } from './WalletModalError.js'
export type { WalletModalErrorOptions } from './WalletModalError.js'
export { ERROR_MESSAGES } from './codes.js'
export type { ErrorCode } from './codes.js'
