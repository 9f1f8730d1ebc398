import { expect } from 'chai'
import { createApiController, FEATURED_DEFAULT, RECOMMENDED_ENTRIES, SEARCH_DEBOUNCE_MS, SEARCH_ENTRIES, WALLETS_PAGE_SIZE } from './ApiController.js'

const w = (id: string) => ({ id, name: id, chains: [] as string[] })

describe('ApiController', () => {
  it('has the spec constants', () => {
    expect([WALLETS_PAGE_SIZE, SEARCH_ENTRIES, RECOMMENDED_ENTRIES, FEATURED_DEFAULT, SEARCH_DEBOUNCE_MS]).to.deep.equal([40, 100, 4, 4, 300])
  })
  it('appends pages without duplicates and knows when more remain', () => {
    const a = createApiController()
    expect(a.hasMore()).to.equal(true)
    a.addPage(1, [w('a'), w('b')], 3)
    a.addPage(2, [w('b'), w('c')], 3)
    expect(a.state.wallets.map(x => x.id)).to.deep.equal(['a', 'b', 'c'])
    expect(a.state.page).to.equal(2)
    expect(a.hasMore()).to.equal(false)
  })
})
