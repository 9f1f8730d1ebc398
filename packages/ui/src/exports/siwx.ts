// The ready sign-in implementations, a chunk of their own: `loadSIWX()` imports them. Kept out of
// the entry because every export of an entry lands in the first chunk a site loads.
export { createServiceSIWX, createLocalSIWX, formatSIWXMessage } from '@wallet-modal/core'
export type { SIWXConfig, SIWXSession, SIWXMessage, SIWXMessageData, SIWEConfig, ServiceSIWXOptions, SIWXMessageOptions } from '@wallet-modal/core'
