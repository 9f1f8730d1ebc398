import { expect } from 'chai'
import { createEventsController } from './EventsController.js'

describe('EventsController', () => {
  it('delivers events with a timestamp until unsubscribed; a throwing listener does not stop others', () => {
    const e = createEventsController()
    const got: string[] = []
    const warn = console.warn
    console.warn = () => {}
    try {
      e.subscribe(() => {
        throw new Error('site bug')
      })
      const off = e.subscribe(ev => got.push(`${ev.type}:${typeof ev.timestamp}`))
      e.emit({ type: 'MODAL_OPEN', data: { connected: false } })
      off()
      e.emit({ type: 'MODAL_CLOSE', data: { connected: false } })
    } finally {
      console.warn = warn
    }
    expect(got).to.deep.equal(['MODAL_OPEN:number'])
  })
})
