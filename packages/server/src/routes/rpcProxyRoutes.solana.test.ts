// The RPC proxy on the devnet's local Solana network (startSolanaDevnet): allow-listed methods are
// forwarded, others refused, and web3.js works through it.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { Connection } from '@solana/web3.js'
import { SOLANA_WALLET_ADDRESS, type SolanaDevnet } from '../../../devnet/src/index.js'
import type { WalletModalServer } from '../index.js'
import { postJson, urlOf } from '../__fixtures__/http.js'
import { startSolanaServer, type SolanaServer } from '../__fixtures__/startSolanaServer.js'

describe('RPC proxy (local Solana network)', () => {
  let started: SolanaServer
  let solana: SolanaDevnet
  let server: WalletModalServer

  before(async () => {
    started = await startSolanaServer()
    ;({ solana, server } = started)
  })
  after(async () => {
    await started?.close()
  })

  it('proxies allow-listed Solana methods and refuses others', async () => {
    const proxy = (body: unknown) => postJson(urlOf(server.url, '/v1/', { chainId: solana.caipNetworkId }), body)
    const { status, body } = await proxy({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [SOLANA_WALLET_ADDRESS] })
    assert.equal(status, 200)
    assert.equal(typeof body.result.value, 'number')
    const batch = await proxy([
      { jsonrpc: '2.0', id: 'g', method: 'getGenesisHash' },
      { jsonrpc: '2.0', id: 'a', method: 'requestAirdrop', params: [SOLANA_WALLET_ADDRESS, 1] }
    ])
    assert.equal(batch.body[0].result, solana.genesisHash)
    assert.equal(batch.body[1].error.code, -32601, 'airdrops are not forwarded')
    // A web3.js Connection works through the proxy.
    const viaProxy = new Connection(urlOf(server.url, '/v1/', { chainId: solana.caipNetworkId }), { commitment: 'confirmed', wsEndpoint: solana.wsUrl })
    assert.equal(await viaProxy.getGenesisHash(), solana.genesisHash)
    assert.ok((await viaProxy.getLatestBlockhash()).blockhash)
  })
})
