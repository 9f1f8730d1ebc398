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

describe('Connect rows: inside a Safe app', () => {
  it('puts Safe first, by name or rdns, keeping the rest in order', async () => {
    const { safeFirst } = await import('./connectRows.js')
    const row = (id: string, name: string, rdns?: string) => ({
      kind: 'connector' as const,
      recent: false,
      connector: { id, name, type: 'ANNOUNCED' as const, chain: 'eip155' as const, info: rdns ? { name, icon: '', rdns, uuid: id } : undefined }
    })
    const rows = [row('a', 'Alpha'), row('s', 'Safe{Wallet}'), row('b', 'Beta'), row('g', 'Guard', 'global.safe.wallet')]
    expect(safeFirst(rows as never).map(r => (r as { connector: { id: string } }).connector.id)).to.deep.equal(['s', 'g', 'a', 'b'])
    expect(safeFirst([row('a', 'Alpha'), row('b', 'Safety Pin')] as never).map(r => (r as { connector: { id: string } }).connector.id)).to.deep.equal([
      'a',
      'b'
    ])
  })
})
