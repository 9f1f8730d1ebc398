import type { SIWEConfig, SIWXConfig, SIWXSession } from './SIWXConfig.js'
import { messageFields } from './siwxMessageDefaults.js'

/**
 * Serves an older `siweConfig` through the SIWX interface: its nonce and message text, its
 * verification as `addSession`, its single session as `getSessions`, `signOut` as revoke.
 */
export function siweConfigToSIWX(config: SIWEConfig): SIWXConfig {
  return {
    async createMessage(input) {
      const fields = messageFields(input, await config.getNonce(), { statement: config.statement })
      const text = config.createMessage({
        address: fields.accountAddress,
        chainId: Number(fields.chainId.split(':')[1]),
        nonce: fields.nonce,
        domain: fields.domain,
        uri: fields.uri,
        version: '1',
        statement: fields.statement,
        issuedAt: fields.issuedAt
      })
      return { ...fields, toString: () => text }
    },
    async addSession(session) {
      if (!(await config.verifyMessage({ message: session.message, signature: session.signature }))) throw new Error('Invalid signature')
    },
    async revokeSession() {
      await config.signOut()
    },
    async setSessions(sessions) {
      if (sessions.length === 0) await config.signOut()
    },
    async getSessions(chainId, address): Promise<SIWXSession[]> {
      const s = await config.getSession()
      if (!s || `eip155:${s.chainId}` !== chainId || s.address.toLowerCase() !== address.toLowerCase()) return []
      return [{ data: messageFields({ accountAddress: s.address, chainId: chainId as `${string}:${string}` }, '', {}), message: '', signature: '' }]
    },
    getRequired: () => config.required ?? true
  }
}
