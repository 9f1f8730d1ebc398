import { escapeHtml } from '../server/standInHttp.js'
import type { SandboxPurchase, SandboxSession } from './SandboxSessions.js'
import { sandboxQuote } from './sandboxQuote.js'

/** The test card the sandbox accepts (any other number is declined, as a provider's test mode does). */
export const SANDBOX_TEST_CARD = '4242 4242 4242 4242'

/** The checkout pages' policy: no script at all; the form posts to this origin only. */
export const SANDBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

/** A whole page of the sandbox: its title as heading, `body` (HTML the caller escaped) below. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem;font-weight:600}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}button{font:inherit;margin-top:1rem;padding:.6rem 1rem;width:100%}dl{display:grid;grid-template-columns:auto auto;gap:.3rem 1rem}dd{margin:0;text-align:right}.note{color:#555}.error{color:#b00020;font-weight:600}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}

/**
 * The checkout a person pays on: what they pay and receive, where, and a card field holding the
 * test card, posting to `/checkout/{session}/pay`. Every value from the session is escaped.
 *
 * @param session - The open session.
 * @param networkName - How to name its network (the chain's display name).
 * @param problem - Why the last payment was refused, shown as an alert.
 * @example sandboxCheckoutPage(session, 'Devnet', 'Card declined: use the test card.')
 */
export function sandboxCheckoutPage(session: SandboxSession, networkName: string, problem?: string): string {
  const q = sandboxQuote(session.fiatAmount, session.fiatCurrency, session.asset)
  return page(
    'Devnet Sandbox checkout',
    `<p class="note">A test provider: nothing is charged. Use the test card <strong>${SANDBOX_TEST_CARD}</strong>.</p>
<dl><dt>You pay</dt><dd data-testid="checkout-total">${escapeHtml(q?.total ?? session.fiatAmount)} ${escapeHtml(session.fiatCurrency)}</dd>
<dt>You receive</dt><dd data-testid="checkout-purchase">${escapeHtml(q?.purchase ?? '?')} ${escapeHtml(session.asset)}</dd>
<dt>To</dt><dd><code>${escapeHtml(session.address)}</code></dd><dt>Network</dt><dd>${escapeHtml(networkName)}</dd></dl>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${SANDBOX_TEST_CARD}" required>
<button type="submit">Pay ${escapeHtml(q?.total ?? session.fiatAmount)} ${escapeHtml(session.fiatCurrency)}</button></form>`
  )
}

/**
 * The page after paying (and of a paid checkout opened again): what was paid and sent, and the transaction.
 *
 * @example sandboxPaidPage(session.paid)
 */
export function sandboxPaidPage(p: SandboxPurchase): string {
  return page(
    'Payment complete',
    `<p role="status">Paid ${escapeHtml(p.fiatAmount)} ${escapeHtml(p.fiatCurrency)}: <strong data-testid="paid-amount">${escapeHtml(p.amount)} ${escapeHtml(p.asset)}</strong> sent to <code>${escapeHtml(p.address)}</code>.</p>
<p class="note">Transaction <code data-testid="paid-tx">${escapeHtml(p.txHash)}</code>. You can close this window and return to the site.</p>`
  )
}

/** The page of a checkout that does not exist (never opened, or dropped). */
export const sandboxCheckoutNotFoundPage = (): string =>
  page('Checkout not found', '<p>This checkout does not exist or has expired. Start again from the site.</p>')
