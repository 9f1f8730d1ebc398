import { after, before } from 'node:test'

/**
 * Starts something (a server, a devnet) before the tests of the enclosing `describe` and closes
 * it after them. The returned object stands for it: reading a property reads the started one's,
 * so a test file can name it once, at the top of the `describe`, instead of repeating the
 * before/after pair.
 *
 * @example
 * ```ts
 * describe('directory', () => {
 *   const server = useStarted(startOfflineServer, s => s.close())
 *   it('answers', async () => assert.equal((await fetch(`${server.url}/getWallets`)).status, 400))
 * })
 * ```
 *
 * @param start - Starts it (in `before`).
 * @param close - Stops it (in `after`; not called when `start` failed).
 */
export function useStarted<T extends object>(start: () => Promise<T>, close: (started: T) => Promise<void>): T {
  let started: T | undefined
  before(async () => {
    started = await start()
  })
  after(async () => {
    if (started) await close(started)
  })
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error(`read ${String(key)} before it started (outside a test?)`)
      return Reflect.get(started, key)
    }
  })
}
