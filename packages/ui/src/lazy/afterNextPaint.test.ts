import { expect } from 'chai'
import { afterNextPaint } from './afterNextPaint.js'

describe('afterNextPaint', () => {
  it('runs the task after the next animation frame, not before', async () => {
    const order: string[] = []
    const ran = new Promise<void>(resolve =>
      afterNextPaint(() => {
        order.push('task')
        resolve()
      })
    )
    requestAnimationFrame(() => order.push('frame'))
    expect(order).to.deep.equal([])
    await ran
    expect(order).to.deep.equal(['frame', 'task'])
  })

  it('never runs a task whose signal aborted first', async () => {
    let ran = false
    const stop = new AbortController()
    afterNextPaint(() => (ran = true), stop.signal)
    stop.abort()
    // A task scheduled later has run: the aborted one would have run before it.
    await new Promise<void>(resolve => afterNextPaint(resolve))
    expect(ran).to.equal(false)
  })
})
