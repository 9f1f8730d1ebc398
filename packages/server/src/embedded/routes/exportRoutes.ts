import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { FastifyInstance } from 'fastify'
import type { SecureRoutesContext } from './secureRoutesContext.js'

/**
 * The key export (`POST /api/export`, the export page's only call): the signed-in person's keys,
 * the eip155 one as hex and the Solana one as wallets import it. The opened Solana seed is wiped
 * once encoded.
 *
 * @param app - The secure site's Fastify instance.
 * @param ctx - The secure site's shared context.
 */
export function exportRoutes(app: FastifyInstance, ctx: SecureRoutesContext): void {
  app.post('/api/export', { preValidation: ctx.requireSession }, async request => {
    const { account } = await ctx.sessionOf(request)
    const keys = await ctx.accounts.openKeys(account.id)
    // Solana wallets import the 64-byte secret key (seed then public key), base58.
    const solana = base58.encode(new Uint8Array([...keys.solana, ...ed25519.getPublicKey(keys.solana)]))
    keys.solana.fill(0)
    return { eip155: keys.eip155, solana }
  })
}
