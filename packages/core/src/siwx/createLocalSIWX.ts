import type { SIWXConfig, SIWXSession } from './SIWXConfig.js'
import { toSIWXMessage } from './formatSIWXMessage.js'
import { messageFields, randomNonce, sessionMatches, type SIWXMessageOptions } from './siwxMessageDefaults.js'
import type { StorageBackend } from '../utils/storage.js'
import { sessionStore } from './sessionStore.js'

/** Where the browser-only sessions are kept. */
export const LOCAL_SIWX_KEY = '@wallet-modal/siwx/sessions'

const isSession = (v: unknown): v is SIWXSession =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as SIWXSession).message === 'string' &&
  typeof (v as SIWXSession).signature === 'string' &&
  !!(v as SIWXSession).data &&
  typeof (v as SIWXSession).data.chainId === 'string'

/**
 * Sign-in kept in the browser only: the message is made here with a random nonce and the signed
 * session is stored in the page's storage (localStorage by default). Nothing is verified by a
 * server, so this suits sites that only want the visitor to confirm ownership on the page; use
 * {@link createServiceSIWX} (or your own {@link SIWXConfig}) when a backend must trust it.
 */
export function createLocalSIWX(opts: SIWXMessageOptions & { storage?: StorageBackend } = {}): SIWXConfig {
  const { read, write } = sessionStore(opts.storage ?? globalThis.localStorage, LOCAL_SIWX_KEY, isSession)
  return {
    async createMessage(input) {
      return toSIWXMessage(messageFields(input, randomNonce(), opts))
    },
    async addSession(session) {
      write([...read().filter(s => !sessionMatches(s, session.data.chainId, session.data.accountAddress)), session])
    },
    async revokeSession(chainId, address) {
      write(read().filter(s => !sessionMatches(s, chainId, address, 0)))
    },
    async setSessions(sessions) {
      write(sessions)
    },
    async getSessions(chainId, address) {
      return read().filter(s => sessionMatches(s, chainId, address))
    },
    getRequired: () => opts.required ?? false
  }
}
