import { expect } from 'chai'
import { orderConnectors } from './connectRows.js'
import type { Connector } from '../types/connector.js'

const c = (id: string): Connector => ({ id, name: id.toUpperCase(), type: 'ANNOUNCED', chain: 'eip155' })

describe('Connect rows: ordering', () => {
  it('puts recent wallets first, most recent first, then the rest in discovery order', () => {
    const list = orderConnectors([c('a'), c('b'), c('c'), c('d')], ['c', 'zzz', 'a'])
    expect(list.map(x => `${x.connector.id}${x.recent ? '*' : ''}`)).to.deep.equal(['c*', 'a*', 'b', 'd'])
  })
})
