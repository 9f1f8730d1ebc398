import { createHmac } from 'node:crypto'
import type { SandboxPurchase } from './SandboxSessions.js'

/** Where the sandbox reports purchases (the server's webhook), and the secret that signs the reports. */
export interface SandboxWebhook {
  url: string
  secret: string
}

/**
 * Reports a paid purchase to the server's webhook: `{ provider: 'sandbox', ...purchase }`, signed
 * with HMAC-SHA256 of the body in `x-sandbox-signature`, within 10 s. Never throws: the server
 * records the purchase for Activity, the chain already has it, so a failed report is only logged.
 *
 * @param purchase - What was paid.
 * @param webhook - Where to, and the signing secret.
 * @example
 * await reportSandboxPurchase(purchase, { url: `${server.url}/v1/onramp/webhook/sandbox`, secret })
 */
export async function reportSandboxPurchase(purchase: SandboxPurchase, webhook: SandboxWebhook): Promise<void> {
  const body = JSON.stringify({ provider: 'sandbox', ...purchase })
  const signature = createHmac('sha256', webhook.secret).update(body).digest('hex')
  await fetch(webhook.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
    body,
    signal: AbortSignal.timeout(10_000)
  })
    .then(r => (r.ok ? undefined : console.warn(`onramp sandbox: the webhook answered HTTP ${r.status}`)))
    .catch((error: unknown) => console.warn(`onramp sandbox: the webhook failed: ${error instanceof Error ? error.message : String(error)}`))
}
