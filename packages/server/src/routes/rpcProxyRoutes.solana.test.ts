// The RPC proxy on the devnet's local Solana network (startSolanaDevnet): allow-listed methods are
// forwarded, others refused, and web3.js works through it.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { Connection } from '@solana/web3.js'
import { SOLANA_WALLET_ADDRESS } from '@wallet-modal/devnet'
import { postJson, urlOf } from '../__fixtures__/http.js'
import { startSolanaServer } from '../__fixtures__/startSolanaServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'

describe('RPC proxy (local Solana network)', () => {
  const local = useStarted(startSolanaServer, started => started.close())

  it('proxies allow-listed Solana methods and refuses others', async () => {
    const proxy = (body: unknown) => postJson(urlOf(local.server.url, '/v1/', { chainId: local.solana.caipNetworkId }), body)
    const { status, body } = await proxy({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [SOLANA_WALLET_ADDRESS] })
    assert.equal(status, 200)
    assert.equal(typeof body.result.value, 'number')
    const batch = await proxy([
      { jsonrpc: '2.0', id: 'g', method: 'getGenesisHash' },
      { jsonrpc: '2.0', id: 'a', method: 'requestAirdrop', params: [SOLANA_WALLET_ADDRESS, 1] }
    ])
    assert.equal(batch.body[0].result, local.solana.genesisHash)
    assert.equal(batch.body[1].error.code, -32601, 'airdrops are not forwarded')
    // A web3.js Connection works through the proxy.
    const viaProxy = new Connection(urlOf(local.server.url, '/v1/', { chainId: local.solana.caipNetworkId }), {
      commitment: 'confirmed',
      wsEndpoint: local.solana.wsUrl
    })
    assert.equal(await viaProxy.getGenesisHash(), local.solana.genesisHash)
    assert.ok((await viaProxy.getLatestBlockhash()).blockhash)
  })
})
