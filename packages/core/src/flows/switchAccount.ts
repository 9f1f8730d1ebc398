import type { Core } from '../core/Core.js'
import type { AccountType } from '../types/account.js'

/**
 * Switches the embedded wallet's account to `type` (the smart account or the key's own) and
 * remembers it; its code loads on first use. See `switchAccountType` in `accountType.ts`.
 */
export const switchAccount = (core: Core, type: AccountType): Promise<void> => import('./accountType.js').then(m => m.switchAccountType(core, type))
