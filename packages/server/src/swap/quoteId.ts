import * as v from 'valibot'
import { ApiError } from '../http/ApiError.js'

/** How long a quote may be built into a swap (the view re-quotes before then). */
export const QUOTE_VALIDITY_MS = 60_000

/** What a quote id carries: enough to build the swap the visitor saw, and when that stops. */
export interface QuoteTerms {
  chain: string
  from: string
  to: string
  amount: string
  toAmount: string
  path: string[]
  expiresAt: number
}

const TermsSchema = v.object({
  chain: v.pipe(v.string(), v.maxLength(41)),
  from: v.pipe(v.string(), v.maxLength(170)),
  to: v.pipe(v.string(), v.maxLength(170)),
  amount: v.pipe(v.string(), v.regex(/^[0-9]{1,78}$/)),
  toAmount: v.pipe(v.string(), v.regex(/^[0-9]{1,78}$/)),
  path: v.pipe(v.array(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))), v.minLength(2), v.maxLength(4)),
  expiresAt: v.number()
})

/**
 * A quote's id: its terms, readable (base64url JSON). It is not signed, on purpose: its only
 * effect is the minimum the visitor's own swap must deliver and when it may be built, so a
 * forged id could only weaken the forger's own protection; and any server process reads it.
 */
export function encodeQuoteId(terms: QuoteTerms): string {
  return Buffer.from(JSON.stringify(terms)).toString('base64url')
}

/**
 * The terms of a quote id, if it is one and still valid at `now`.
 * @throws ApiError 400 'Invalid quote' or 'Quote expired'.
 */
export function decodeQuoteId(id: string, now = Date.now()): QuoteTerms {
  let terms: QuoteTerms
  try {
    terms = v.parse(TermsSchema, JSON.parse(Buffer.from(id, 'base64url').toString('utf8')))
  } catch {
    throw new ApiError(400, 'Invalid quote')
  }
  if (terms.expiresAt < now) throw new ApiError(400, 'Quote expired')
  return terms
}
