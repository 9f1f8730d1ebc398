import { randomBytes } from 'node:crypto'
import type { Hex } from 'viem'

/** What an app asks to have signed (the relay's `signatureParams`). */
export interface FarcasterSignInParams {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}

/** The wallet's answer the relay hands back to the app. */
export interface FarcasterSignInAnswer {
  message: string
  signature: Hex
  fid: number
  username: string
  displayName: string
  custody: string
}

/** A channel of the relay: what the app asked, and once approved, what the wallet answered. */
export interface FarcasterChannel {
  token: string
  nonce: string
  /** The approval page's link (the QR code's). */
  url: string
  params: FarcasterSignInParams
  answer?: FarcasterSignInAnswer
  /** When it expires (ms since the epoch). */
  expires: number
}

/** How long a channel lives. */
const CHANNEL_TTL_MS = 10 * 60_000

/**
 * The relay's channels, each alive for 10 minutes from its opening; expired ones are never
 * returned and are dropped by {@link FarcasterChannels.sweep}.
 *
 * @example
 * const channels = new FarcasterChannels()
 * const channel = channels.open({ siweUri, domain, nonce: '' }, token => `${relayUrl}/sign-in?channelToken=${token}`)
 * channels.get(channel.token)?.answer // undefined until approved
 */
export class FarcasterChannels {
  private readonly channels = new Map<string, FarcasterChannel>()

  /**
   * Opens a channel under a new token, with the app's nonce (or a new one when it gave none).
   *
   * @param params - What the app asked (its `nonce` may be empty).
   * @param linkOf - The approval page's link for the token and nonce.
   */
  open(params: FarcasterSignInParams, linkOf: (token: string, nonce: string) => string): FarcasterChannel {
    const token = randomBytes(16).toString('hex')
    const nonce = typeof params.nonce === 'string' && params.nonce ? params.nonce : randomBytes(8).toString('hex')
    const channel = { token, nonce, url: linkOf(token, nonce), params: { ...params, nonce }, expires: Date.now() + CHANNEL_TTL_MS }
    this.channels.set(token, channel)
    return channel
  }

  /** The channel of a token, unless it expired. */
  get(token: string): FarcasterChannel | undefined {
    const c = this.channels.get(token)
    return c && c.expires > Date.now() ? c : undefined
  }

  /** Drops the expired channels. */
  sweep(): void {
    for (const [token, c] of this.channels) if (c.expires <= Date.now()) this.channels.delete(token)
  }
}
