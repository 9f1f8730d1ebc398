import { expect } from 'chai'
import type { CaipNetwork } from '../../types/network.js'
import type { AdapterContext } from '../ChainAdapter.js'
import { createHttpClient } from '../../api/HttpClient.js'
import { isWalletModalError } from '../../errors/WalletModalError.js'
import { getDevnet, type DevnetInfo } from '../../__fixtures__/devnet.js'
import { networkRpc, RPC_RANKING } from './networkRpc.js'

// A port nothing listens on: every call there fails at once.
const DEAD = 'http://127.0.0.1:9/'

describe('RPC over several URLs of a network (spec §9 fallback ranking)', () => {
  let info: DevnetInfo
  let stop: AbortController
  before(async () => {
    info = await getDevnet()
  })
  beforeEach(() => {
    stop = new AbortController()
  })
  afterEach(() => stop.abort())

  const context = (): AdapterContext => ({
    loadHttp: async () => createHttpClient({ signal: stop.signal }),
    options: () => ({ http: { timeoutMs: 3000 } }) as never,
    signal: stop.signal
  })
  const network = (urls: string[]): CaipNetwork => ({
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: urls } }
  })

  it('ranks with the spec constants: sample 10, ping timeout 1 s, every 4 s, stability 0.7 and latency 0.3', () => {
    expect(RPC_RANKING).to.deep.equal({ interval: 4000, sampleCount: 10, timeout: 1000, weights: { stability: 0.7, latency: 0.3 } })
  })

  it('answers through the URL that works when another of the same network is down', async () => {
    const ctx = context()
    const net = network([DEAD, info.chains[0]!.rpcUrl])
    expect(await networkRpc<string>(ctx, net, 'eth_chainId', [])).to.equal('0x7a69')
    // Several calls at once still answer (batched over HTTP).
    const [a, b] = await Promise.all([
      networkRpc<string>(ctx, net, 'eth_blockNumber', []),
      networkRpc<string>(ctx, net, 'eth_getBalance', [info.walletAccount, 'latest'])
    ])
    expect(a).to.match(/^0x[0-9a-f]+$/)
    expect(BigInt(b) > 0n).to.equal(true)
  })

  it("says 'RPC_ERROR' when every URL of the network fails", async () => {
    const err = await networkRpc(context(), network([DEAD, 'http://127.0.0.1:7/']), 'eth_chainId', []).then(
      () => undefined,
      e => e
    )
    expect(isWalletModalError(err, 'RPC_ERROR'), String(err)).to.equal(true)
  })
})
