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
})
