import type { SunkMail } from './startMailSink.js'
import { escapeHtml } from '../server/standInHttp.js'

/** Turns the secure site's links into links (plain http(s) only), everything else stays text. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, url => `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`)
}

/**
 * The devnet's mailbox page: every e-mail the local SMTP sink received, newest first, so a person
 * trying e-mail login on the demo reads the code there. Server-rendered, no script (the demo's
 * CSP), refreshed every 3 s by the browser.
 *
 * @param messages - The sink's messages, newest first.
 */
export function mailboxPage(messages: readonly SunkMail[]): string {
  const items = messages.length
    ? messages
        .map(
          m => `<article class="mail" data-to="${escapeHtml(m.to.join(', '))}">
  <header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to.join(', '))} · ${escapeHtml(new Date(m.receivedAt).toLocaleTimeString('en-GB'))}</span></header>
  <pre>${linkify(m.text)}</pre>
</article>`
        )
        .join('\n')
    : '<p class="empty">No e-mail yet. Log in with an e-mail address on the demo: the code arrives here.</p>'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3">
<title>Devnet mailbox</title>
<link rel="stylesheet" href="/mailbox/mailbox.css">
</head>
<body>
<main>
<h1>Devnet mailbox</h1>
<p>Every e-mail the demo's wallet server sends (login codes, device approvals) lands here instead of a real inbox. This page refreshes itself.</p>
${items}
</main>
</body>
</html>`
}

/** The mailbox page's stylesheet (the demo's CSP allows no inline style). */
export const MAILBOX_CSS = `body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #141414; }
main { max-width: 720px; margin: 0 auto; padding: 24px 16px; }
.mail { background: #fff; border-radius: 10px; padding: 12px 16px; margin: 12px 0; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
.mail header { display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.mail header span { color: #5c5c5c; }
.mail pre { white-space: pre-wrap; font: inherit; margin: 8px 0 0; }
.empty { color: #5c5c5c; }`
