import { WalletInputError } from './WalletInputError.js'

/** The parts of a WalletConnect v2 pairing URI the dev wallet checks. */
export interface WalletConnectUri {
  /** The pairing topic (64 hex characters). */
  topic: string
  /** The symmetric key (64 hex characters). */
  symKey: string
  /** The relay protocol, `irn` for every relay the SDK talks to. */
  relayProtocol: string
  /** When the dapp stops waiting for this pairing (unix seconds), if the URI says so. */
  expiryTimestamp?: number
}

/**
 * Checks that `input` is a WalletConnect v2 pairing link (`wc:<topic>@2?relay-protocol=irn&symKey=...`)
 * and returns its parts.
 *
 * The SDK validates too, but its messages ("Missing or invalid. pair() uri: ...") do not say what
 * is wrong; this names the missing piece, which matters when someone pastes half a link or a
 * dapp URL by mistake. Surrounding white space (a paste from a terminal) is ignored.
 *
 * @param input - The pasted link.
 * @param now - Current time in ms (for tests).
 * @throws {@link WalletInputError} when it is not a usable v2 pairing link.
 */
export function parseWalletConnectUri(input: unknown, now = Date.now()): WalletConnectUri {
  if (typeof input !== 'string' || input.trim() === '') {
    throw new WalletInputError('Paste a WalletConnect link (it starts with "wc:").')
  }
  const uri = input.trim()
  if (!uri.startsWith('wc:')) {
    throw new WalletInputError('Not a WalletConnect link: it must start with "wc:".')
  }
  const match = /^wc:([^@?]*)@(\d+)\?(.*)$/.exec(uri)
  if (!match) {
    throw new WalletInputError('Malformed WalletConnect link: expected wc:<topic>@2?relay-protocol=irn&symKey=<key>.')
  }
  const [, topic = '', version = '', query = ''] = match
  if (version !== '2') {
    throw new WalletInputError(`Unsupported WalletConnect version ${version}: only version 2 links work.`)
  }
  if (!/^[0-9a-f]{64}$/.test(topic)) {
    throw new WalletInputError('Malformed WalletConnect link: the topic must be 64 hex characters.')
  }
  const params = new URLSearchParams(query)
  const symKey = params.get('symKey') ?? ''
  if (!/^[0-9a-f]{64}$/.test(symKey)) {
    throw new WalletInputError('Malformed WalletConnect link: symKey is missing or not 64 hex characters.')
  }
  const relayProtocol = params.get('relay-protocol') ?? ''
  if (!relayProtocol) {
    throw new WalletInputError('Malformed WalletConnect link: relay-protocol is missing.')
  }
  const expiry = params.get('expiryTimestamp')
  const expiryTimestamp = expiry !== null && /^\d{1,12}$/.test(expiry) ? Number(expiry) : undefined
  if (expiryTimestamp !== undefined && expiryTimestamp * 1000 < now) {
    throw new WalletInputError('This WalletConnect link has expired: ask the dapp for a new one.')
  }
  return { topic, symKey, relayProtocol, ...(expiryTimestamp !== undefined ? { expiryTimestamp } : {}) }
}
