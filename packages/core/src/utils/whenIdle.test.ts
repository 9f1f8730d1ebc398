import { expect } from 'chai'
import { whenIdle } from './whenIdle.js'

describe('whenIdle', () => {
  it('runs the task after the page has loaded, asynchronously', async () => {
    let ran = false
    const done = new Promise<void>(resolve =>
      whenIdle(() => {
        ran = true
        resolve()
      })
    )
    expect(ran).to.equal(false)
    await done
    expect(ran).to.equal(true)
    expect(document.readyState).to.equal('complete')
  })

  it('never runs a task whose signal aborted first, and leaves no listener on the signal once a task ran', async () => {
    const life = new AbortController()
    const listening = new Set<unknown>()
    const add = life.signal.addEventListener.bind(life.signal)
    const remove = life.signal.removeEventListener.bind(life.signal)
    life.signal.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
      listening.add(listener)
      add(type, listener, options)
    }) as typeof life.signal.addEventListener
    life.signal.removeEventListener = ((type: string, listener: EventListener) => {
      listening.delete(listener)
      remove(type, listener)
    }) as typeof life.signal.removeEventListener
    await new Promise<void>(resolve => whenIdle(resolve, 1000, life.signal))
    await new Promise<void>(resolve => whenIdle(resolve, 1000, life.signal))
    expect(listening.size, 'listeners left on the signal').to.equal(0)

    let ran = false
    const stopped = new AbortController()
    whenIdle(() => (ran = true), 1000, stopped.signal)
    stopped.abort()
    // A later idle task has run: the aborted one would have run before it.
    await new Promise<void>(resolve => whenIdle(resolve))
    expect(ran).to.equal(false)
  })
})
