import { expect } from 'chai'
import type { CaipNetwork } from '../types/network.js'
import { addressExplorerUrl } from './explorer.js'

const network = (url?: string): CaipNetwork => ({
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.example'] } },
  ...(url === undefined ? {} : { blockExplorers: { default: { name: 'Explorer', url } } })
})
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('addressExplorerUrl', () => {
  it("is the address's page on the network's explorer", () => {
    expect(addressExplorerUrl(network('https://etherscan.io'), ADDRESS)).to.equal(`https://etherscan.io/address/${ADDRESS}`)
    expect(addressExplorerUrl(network('https://explorer.example/eth/'), ADDRESS)).to.equal(`https://explorer.example/eth/address/${ADDRESS}`)
    expect(addressExplorerUrl(network('http://127.0.0.1:4000'), ADDRESS)).to.equal(`http://127.0.0.1:4000/address/${ADDRESS}`)
  })

  it('is undefined without an explorer or an address, and for any scheme but https (http on loopback only)', () => {
    expect(addressExplorerUrl(network(), ADDRESS)).to.equal(undefined)
    expect(addressExplorerUrl(network('https://etherscan.io'), undefined)).to.equal(undefined)
    expect(addressExplorerUrl(undefined, ADDRESS)).to.equal(undefined)
    for (const bad of ['javascript:alert(1)//', 'http://etherscan.io', 'data:text/html,x', 'not a url'])
      expect(addressExplorerUrl(network(bad), ADDRESS), bad).to.equal(undefined)
  })
})
