import { createSiweMessage } from 'viem/siwe'
import type { SIWXMessageData } from './SIWXConfig.js'

const FAMILY: Record<string, string> = { solana: 'Solana', bip122: 'Bitcoin' }

/**
 * The text a wallet signs for a sign-in (CAIP-122): EIP-4361 on eip155 (viem's formatter, which
 * checksums the address and checks the fields), the same layout naming the chain family
 * elsewhere ("… with your Solana account"), with the CAIP-2 reference as Chain ID.
 */
export function formatSIWXMessage(m: SIWXMessageData): string {
  const [namespace = '', reference = ''] = m.chainId.split(':')
  if (namespace === 'eip155') {
    return createSiweMessage({
      domain: m.domain,
      address: m.accountAddress as `0x${string}`,
      statement: m.statement,
      uri: m.uri,
      version: '1',
      chainId: Number(reference),
      nonce: m.nonce,
      issuedAt: new Date(m.issuedAt),
      expirationTime: m.expirationTime ? new Date(m.expirationTime) : undefined,
      notBefore: m.notBefore ? new Date(m.notBefore) : undefined,
      requestId: m.requestId,
      resources: m.resources
    })
  }
  const lines = [`${m.domain} wants you to sign in with your ${FAMILY[namespace] ?? namespace} account:`, m.accountAddress, '']
  if (m.statement) lines.push(m.statement, '')
  lines.push(`URI: ${m.uri}`, `Version: ${m.version}`, `Chain ID: ${reference}`, `Nonce: ${m.nonce}`, `Issued At: ${m.issuedAt}`)
  if (m.expirationTime) lines.push(`Expiration Time: ${m.expirationTime}`)
  if (m.notBefore) lines.push(`Not Before: ${m.notBefore}`)
  if (m.requestId) lines.push(`Request ID: ${m.requestId}`)
  if (m.resources?.length) lines.push('Resources:', ...m.resources.map(r => `- ${r}`))
  return lines.join('\n')
}

/** Wraps message fields with their text as `toString()`. */
export function toSIWXMessage(data: SIWXMessageData): SIWXMessageData & { toString(): string } {
  const text = formatSIWXMessage(data)
  return { ...data, toString: () => text }
}
