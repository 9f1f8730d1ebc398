import type { Core } from '../createCore.js'
import { createSendController, type SendController } from '../controllers/SendController.js'
import { createTransactionsController, type TransactionsController } from '../controllers/TransactionsController.js'

/** The controllers of the wallet features (Send, Activity). */
export interface WalletFeatures {
  send: SendController
  transactions: TransactionsController
}

/**
 * The wallet features' controllers of this core, made on first use. They live outside the
 * controllers createCore makes up front because only a connected visitor who opens Send or
 * Activity needs them: their code loads with those views, not with the page.
 */
export function walletFeatures(core: Core): WalletFeatures {
  return (core.runtime.features ??= { send: createSendController(), transactions: createTransactionsController() })
}
