/**
 * Resolves on a later task of the event loop, so every microtask queued before the call has run:
 * the sync point after which whatever a call set off without a timer or I/O (a promise chain, a
 * `void` follow-up) has happened. It measures no time. A `MessageChannel` message rather than
 * `setTimeout(0)`: no timer, so a fake clock does not hold it and the browser's nested-timer
 * clamp does not slow it.
 *
 * @example
 * core.close()
 * await nextTask()
 * expect(sent.calls).to.deep.equal([])
 */
export function nextTask(): Promise<void> {
  return new Promise(resolve => {
    const { port1, port2 } = new MessageChannel()
    port1.onmessage = () => {
      port1.close()
      resolve()
    }
    port2.postMessage(undefined)
  })
}

/**
 * Resolves on a task after the browser's next idle period: the sync point for what the core
 * defers until idle (`whenIdle`: analytics events), once every idle callback queued before the
 * call has run and what they set off without a timer or I/O has happened. It measures no time.
 *
 * @example
 * core.open()
 * await afterIdle()
 * expect(sent.calls.filter(isAnalytics)).to.have.length(1)
 */
export async function afterIdle(): Promise<void> {
  await new Promise<void>(resolve => requestIdleCallback(() => resolve()))
  await nextTask()
}
