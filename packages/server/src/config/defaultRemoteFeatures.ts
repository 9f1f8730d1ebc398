import type { FeatureConfig } from './ServerConfig.js'

/**
 * The remote feature defaults of spec §9: email on, the seven socials, swaps via 1inch, on-ramp
 * via meld and coinbase, activity on, multi-wallet off, and the branding footer on.
 */
export const DEFAULT_REMOTE_FEATURES: readonly FeatureConfig[] = [
  { id: 'email', isEnabled: true },
  { id: 'socials', isEnabled: true, config: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] },
  { id: 'swaps', isEnabled: true, config: ['1inch'] },
  { id: 'onramp', isEnabled: true, config: ['meld', 'coinbase'] },
  { id: 'activity', isEnabled: true },
  { id: 'reownBranding', isEnabled: true },
  { id: 'multiWallet', isEnabled: false }
]
