// Entry of the script-tag bundle: registers the tags and exposes the API.
import '../exports/define.js'

export * from './index.js'
export * from '@wallet-modal/core'
