/**
 * Polls until `check` is truthy (an async check is awaited: a pending promise is not an answer);
 * throws after `timeoutMs`, naming `what`.
 *
 * @example
 * await waitFor(() => core.getAccount().balance, 5000, 'balance')
 */
export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 5000,
  what = 'condition'
): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await check()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise(r => setTimeout(r, 10))
  }
}
