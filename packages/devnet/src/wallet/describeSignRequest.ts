/** How a signing request is shown in the prompt. */
export interface SignRequestDescription {
  /** The end of the sentence "<origin> wants ...", e.g. "you to sign a message". */
  action: string
  /** Lines for the details box. */
  details: string[]
}

const MAX_DETAIL = 600

/**
 * Describes `personal_sign`, `eth_signTypedData_v4` or `eth_sendTransaction` for the consent
 * prompt: the message as text when it is valid UTF-8 (else its hex), the typed data's primary
 * type and domain, or the transaction's target, value and data size.
 *
 * @param method - One of the three signing methods.
 * @param params - The request's params array.
 */
export function describeSignRequest(method: string, params: readonly unknown[]): SignRequestDescription {
  if (method === 'personal_sign') {
    return { action: 'you to sign a message', details: [`Message: ${clip(messageText(params[0]))}`] }
  }
  if (method === 'eth_signTypedData_v4') {
    let data: unknown = params[1]
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data)
      } catch {
        // Shown as it is.
      }
    }
    const typed = (typeof data === 'object' && data !== null ? data : {}) as { primaryType?: unknown; domain?: { name?: unknown } }
    return {
      action: 'you to sign typed data',
      details: [
        `Type: ${String(typed.primaryType ?? '?')}`,
        `Domain: ${String(typed.domain?.name ?? '?')}`,
        clip(typeof params[1] === 'string' ? params[1] : JSON.stringify(params[1]))
      ]
    }
  }
  const tx = (typeof params[0] === 'object' && params[0] !== null ? params[0] : {}) as Record<string, unknown>
  const lines = [`To: ${String(tx.to ?? '(new contract)')}`]
  if (typeof tx.value === 'string') lines.push(`Value: ${formatWei(tx.value)} ETH`)
  if (typeof tx.data === 'string' && tx.data.length > 2) lines.push(`Data: ${(tx.data.length - 2) / 2} bytes (${tx.data.slice(0, 10)}…)`)
  return { action: 'to send a transaction', details: lines }
}

function messageText(value: unknown): string {
  if (typeof value !== 'string') return String(value)
  if (!/^0x([0-9a-fA-F]{2})*$/.test(value)) return value
  const bytes = new Uint8Array((value.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(value.slice(2 + i * 2, 4 + i * 2), 16)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return value
  }
}

function formatWei(hex: string): string {
  try {
    const wei = BigInt(hex)
    const whole = wei / 10n ** 18n
    const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
    return fraction ? `${whole}.${fraction}` : String(whole)
  } catch {
    return hex
  }
}

function clip(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text
}
