import type { Core } from '../createCore.js'
import { createSendController, type SendController } from '../controllers/SendController.js'
import { createTransactionsController, type TransactionsController } from '../controllers/TransactionsController.js'
import { createSIWXController, type SIWXController } from '../controllers/SIWXController.js'
import type { SIWXConfig } from '../siwx/SIWXConfig.js'

/** The controllers of the wallet features (Send, Activity) and of sign-in. */
export interface WalletFeatures {
  send: SendController
  transactions: TransactionsController
  siwx: SIWXController
  /** A site's `siweConfig` served as SIWX, made on first use. */
  siweAdapter?: SIWXConfig
}

/**
 * The wallet features' controllers of this core, made on first use. They live outside the
 * controllers createCore makes up front because only a connected visitor who opens Send or
 * Activity needs them: their code loads with those views, not with the page.
 */
export function walletFeatures(core: Core): WalletFeatures {
  return (core.runtime.features ??= { send: createSendController(), transactions: createTransactionsController(), siwx: createSIWXController() })
}
