// A test-runner command that lists the event listeners really registered on the test page's
// `window` and `document`, as Chromium's DevTools protocol sees them (listeners removed through an
// AbortSignal or `once` are gone from it, unlike a count kept by wrapping addEventListener).
// Browser side: `executeServerCommand('page-listeners')` from @web/test-runner-commands.
/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function pageListenersPlugin() {
  return {
    name: 'page-listeners',
    async executeCommand({ command, session }) {
      if (command !== 'page-listeners') return undefined
      const page = session.browser.getPage(session.id)
      const cdp = await page.context().newCDPSession(page)
      try {
        const out = []
        for (const target of ['window', 'document']) {
          const { result } = await cdp.send('Runtime.evaluate', { expression: target })
          const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId })
          for (const l of listeners) out.push({ target, type: l.type, capture: l.useCapture, handler: (l.handler?.description ?? '').slice(0, 160) })
        }
        return out
      } finally {
        await cdp.detach()
      }
    }
  }
}
