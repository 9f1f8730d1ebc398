import type { Core } from '../core/Core.js'
import { createSendController } from '../controllers/SendController.js'
import { createTransactionsController } from '../controllers/TransactionsController.js'
import { WALLET_FEATURES, type WalletFeatures } from '../core/featureKeys.js'
import { getOrMake } from '../core/FeatureSlots.js'
import { siwxState } from './siwxState.js'

export type { WalletFeatures }

/**
 * The wallet features' controllers of this core, made on first use. They live outside the
 * controllers createCore makes up front because only a connected visitor who opens Send or
 * Activity needs them: their code loads with those views, not with the page.
 */
export function walletFeatures(core: Core): WalletFeatures {
  return getOrMake(core.runtime.slots, WALLET_FEATURES, () => ({
    send: createSendController(),
    transactions: createTransactionsController(),
    siwx: siwxState(core)
  }))
}
