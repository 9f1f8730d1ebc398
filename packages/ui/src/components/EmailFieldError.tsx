import { EMBEDDED_ERROR_MESSAGES, ERROR_MESSAGES, type Core } from '@wallet-modal/core/internal'
import { useT } from '../hooks/useT.js'
import { errorWords } from '../hooks/errorWords.js'

/**
 * The e-mail field's refusal in the active locale (its own chunk: it shows only after a refused
 * address or a resend too soon, and the e-mail wallet's catalogue of words is not needed before).
 */
export function EmailFieldError({ core, error }: { core: Core; error: string }) {
  useT(core)
  return <>{errorWords(core, error, [ERROR_MESSAGES, EMBEDDED_ERROR_MESSAGES])}</>
}
