// `@wallet-modal/ui/appkit`: for a site moving from Reown AppKit (docs/migrating/from-appkit.md).
// An entry of its own, because every export of the main entry lands in the first chunk a site
// loads, and only a migrating site needs the table of AppKit's names.
export { fromAppKit } from '@wallet-modal/core'
export type { AppKitOptions } from '@wallet-modal/core'
