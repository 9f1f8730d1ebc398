// Meld's purchase webhooks, as its reference describes them ("Webhooks Authentication",
// https://docs.meld.io/docs/webhook-authentication; "Crypto Webhooks",
// https://docs.meld.io/docs/webhook-events-crypto):
//   headers `meld-signature` = base64url with padding of HMAC-SHA256(profile secret,
//   `${meld-signature-timestamp}.${the URL the event was sent to}.${the raw body}`), and
//   `meld-signature-timestamp` (ISO 8601 in the reference's example);
//   body { eventType, eventId, timestamp, accountId, profileId, version,
//          payload: { paymentTransactionId, paymentTransactionStatus, customerId, externalCustomerId, … } }.
// Only TRANSACTION_CRYPTO_COMPLETE is acted on; as the reference advises, the event is a trigger to
// read the transaction itself (GET /payments/transactions/{id}), which names the blockchain
// transaction. Other events are acknowledged and ignored.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import * as v from 'valibot'
import { ApiError } from '../http/ApiError.js'
import type { MeldOnRampProvider } from './MeldOnRampProvider.js'
import type { OnRampPurchases } from './OnRampPurchases.js'

/** How far a signature's timestamp may be from this server's clock (either way). */
export const MELD_WEBHOOK_TOLERANCE_MS = 5 * 60_000

const EventSchema = v.object({
  eventType: v.pipe(v.string(), v.maxLength(100)),
  payload: v.nullish(v.object({ paymentTransactionId: v.nullish(v.pipe(v.string(), v.maxLength(100))) }))
})

/** A timestamp header as ms: ISO 8601 (the reference's example) or epoch seconds. */
function timeOf(value: string): number {
  return /^\d{1,12}$/.test(value) ? Number(value) * 1000 : Date.parse(value)
}

/**
 * Whether a webhook request was signed by Meld with the profile's secret, for this URL, recently.
 *
 * @param secret - The webhook profile's secret.
 * @param url - The URL the profile sends to (as configured at Meld: the signature covers it).
 * @param signature - The `meld-signature` header.
 * @param timestamp - The `meld-signature-timestamp` header.
 * @param body - The raw body, exactly as received.
 * @param now - This server's clock (ms).
 * @example
 * ```ts
 * verifyMeldSignature(secret, 'https://wallet.example/v1/onramp/webhook/meld', req.headers['meld-signature'], req.headers['meld-signature-timestamp'], rawBody)
 * ```
 */
export function verifyMeldSignature(
  secret: string,
  url: string,
  signature: string | undefined,
  timestamp: string | undefined,
  body: string,
  now = Date.now()
): boolean {
  if (!signature || !timestamp || timestamp.length > 64) return false
  const at = timeOf(timestamp)
  if (!Number.isFinite(at) || Math.abs(now - at) > MELD_WEBHOOK_TOLERANCE_MS) return false
  // Compared without the padding, which carries nothing.
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${url}.${body}`).digest('base64url'))
  const given = Buffer.from(signature.replace(/=+$/, ''))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Takes one of Meld's webhook events (`POST /v1/onramp/webhook/meld`): checks its signature, and on
 * TRANSACTION_CRYPTO_COMPLETE reads the transaction from Meld and records the purchase for the
 * activity feed. Throws 404 when no webhook profile is configured, 401 on a bad signature, 400 on a
 * malformed event; Meld's own failures (see `providerCall`) pass through, so Meld retries.
 *
 * @param meld - The configured Meld provider.
 * @param headers - The request's headers.
 * @param body - The raw body.
 * @param purchases - Where purchases are recorded.
 * @example
 * ```ts
 * await receiveMeldWebhook(meld, request.headers, request.body, purchases)
 * ```
 */
export async function receiveMeldWebhook(meld: MeldOnRampProvider, headers: IncomingHttpHeaders, body: string, purchases: OnRampPurchases): Promise<void> {
  const webhook = meld.webhook
  if (!webhook) throw new ApiError(404, 'Unknown on-ramp provider', 'not_found')
  const header = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : undefined)
  if (!verifyMeldSignature(webhook.secret, webhook.url, header('meld-signature'), header('meld-signature-timestamp'), body))
    throw new ApiError(401, 'Bad signature', 'unauthorized')
  let event: v.InferOutput<typeof EventSchema>
  try {
    event = v.parse(EventSchema, JSON.parse(body))
  } catch {
    throw new ApiError(400, 'Malformed webhook event')
  }
  if (event.eventType !== 'TRANSACTION_CRYPTO_COMPLETE') return
  const id = event.payload?.paymentTransactionId
  if (!id) throw new ApiError(400, 'Malformed webhook event')
  const purchase = await meld.purchase(id)
  if (purchase) await purchases.record(purchase)
}
