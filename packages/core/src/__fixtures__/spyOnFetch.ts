/** One request the page made through `fetch`. */
export interface FetchCall {
  method: string
  url: URL
  /** The body when it was text (JSON bodies are). */
  body?: string
}

/**
 * Records every `fetch` the page makes until `restore()` (the requests still go out): what a
 * test asserts the modal sent, or did not send, without waiting to see whether a server hears of
 * it. Pair it with {@link nextTask} to prove a request was not made.
 *
 * @example
 * const sent = spyOnFetch()
 * try {
 *   core.open()
 *   await nextTask()
 *   expect(sent.calls.filter(c => c.url.pathname === '/e')).to.deep.equal([])
 * } finally {
 *   sent.restore()
 * }
 */
export function spyOnFetch(): { calls: FetchCall[]; restore(): void } {
  const original = globalThis.fetch
  const calls: FetchCall[] = []
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined
    calls.push({
      method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
      url: new URL(request?.url ?? String(input), location.href),
      body: typeof init?.body === 'string' ? init.body : undefined
    })
    return original(input, init)
  }
  return {
    calls,
    restore: () => void (globalThis.fetch = original)
  }
}
