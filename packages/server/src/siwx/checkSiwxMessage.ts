import { bitcoinNetworkOf } from '../bitcoin/bitcoinNetworks.js'
import type { ChainConfig, ProjectConfig } from '../config/ServerConfig.js'
import { isOriginAllowed } from '../config/originMatches.js'
import { ApiError } from '../http/ApiError.js'
import type { SiwxMessage } from './SiwxMessage.js'

/** How far in the future `Issued At` may be: clocks of visitors and servers drift. */
export const SIWX_CLOCK_SKEW_MS = 5 * 60_000

/** Namespaces whose signatures this server can check. */
export const SIWX_VERIFIABLE_NAMESPACES: readonly string[] = ['eip155', 'solana', 'bip122']

/** What {@link checkSiwxMessage} checks a message against. */
export interface SiwxPolicy {
  /** The project the sign-in is for: its allowed origins bound the domain and URI. */
  project: ProjectConfig
  /** Configured chains by CAIP-2 id. */
  chains: ReadonlyMap<string, ChainConfig>
  /** The time to judge the message's dates by. */
  now: Date
}

/**
 * Refuses a parsed sign-in message the project must not accept, before anything is spent on it
 * (the nonce, an RPC call), with a 400 {@link ApiError} whose reason names the check:
 * - `Chain not supported: <caip2>`: the chain is not configured (eip155, solana), or is none of
 *   the Bitcoin networks (bip122: they need no configuration, their genesis hash names them), or
 *   its signatures cannot be checked here;
 * - `Domain not allowed: <domain>` / `URI not allowed: <uri>`: the domain (with the scheme the
 *   message names, else http or https) or the URI's origin is outside the project's
 *   `allowedOrigins`, so a message made for another site cannot open a session here;
 * - `Message issued in the future`, `Message expired`, `Message not yet valid`: the dates.
 *
 * @param message - The parsed message.
 * @param policy - See {@link SiwxPolicy}.
 * @returns The configured chain the message is bound to; `undefined` for a Bitcoin network.
 */
export function checkSiwxMessage(message: SiwxMessage, policy: SiwxPolicy): ChainConfig | undefined {
  const chain = policy.chains.get(message.chainId)
  const known = message.namespace === 'bip122' ? bitcoinNetworkOf(message.chainId) !== undefined : chain !== undefined
  if (!known || !SIWX_VERIFIABLE_NAMESPACES.includes(message.namespace)) throw new ApiError(400, `Chain not supported: ${message.chainId}`)

  const origins = policy.project.allowedOrigins
  // A domain is an authority without a scheme: it is allowed when the site could be served from
  // it, over the scheme the message names or, if none, over either.
  const schemes = message.scheme ? [message.scheme.toLowerCase()] : ['https', 'http']
  if (!schemes.some(scheme => isOriginAllowed(`${scheme}://${message.domain}`, origins))) {
    throw new ApiError(400, `Domain not allowed: ${message.domain}`)
  }
  if (!isOriginAllowed(new URL(message.uri).origin, origins)) throw new ApiError(400, `URI not allowed: ${message.uri.slice(0, 200)}`)

  const now = policy.now.getTime()
  if (message.issuedAt.getTime() > now + SIWX_CLOCK_SKEW_MS) throw new ApiError(400, 'Message issued in the future')
  if (message.expirationTime && message.expirationTime.getTime() <= now) throw new ApiError(400, 'Message expired')
  if (message.notBefore && message.notBefore.getTime() > now) throw new ApiError(400, 'Message not yet valid')
  return chain
}
