// Entry of the script-tag bundle: registers the tags and exposes the modal's API. It re-exports
// the ui's API only, not all of core: every export of an entry is kept in the first chunk, and
// core's service layer is meant to load on demand. Sites that need core's utilities use the ESM
// packages with their own bundler.
import '../exports/define.js'

export * from './index.js'
