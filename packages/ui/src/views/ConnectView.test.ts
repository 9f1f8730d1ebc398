import { expect } from 'chai'
import { orderConnectors } from './ConnectView.js'
import type { Connector } from '@wallet-modal/core/internal'

const c = (id: string): Connector => ({ id, name: id.toUpperCase(), type: 'ANNOUNCED', chain: 'eip155' })

describe('ConnectView ordering', () => {
  it('puts recent wallets first, most recent first, then the rest in discovery order', () => {
    const list = orderConnectors([c('a'), c('b'), c('c'), c('d')], ['c', 'zzz', 'a'])
    expect(list.map(x => `${x.connector.id}${x.recent ? '*' : ''}`)).to.deep.equal(['c*', 'a*', 'b', 'd'])
  })
})
