import type { Core } from '../core/Core.js'
import { createSIWXController, type SIWXController } from '../controllers/SIWXController.js'
import { SIWX_STATE } from '../core/featureKeys.js'
import { getOrMake } from '../core/FeatureSlots.js'

/**
 * This core's sign-in state, made on first use. Kept apart from {@link walletFeatures} (whose
 * `siwx` is this same object) so that a part that only reads whether the visitor signed in (the
 * React package's `ConnectButton.Custom`) does not bring Send's and Activity's code with it.
 */
export function siwxState(core: Core): SIWXController {
  return getOrMake(core.runtime.slots, SIWX_STATE, createSIWXController)
}
