import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createPublicClient, erc20Abi, http, multicall3Abi } from 'viem'
import { startAnvil, type AnvilInstance } from './anvil.js'
import { deployTokens } from './deployTokens.js'
import { installMulticall3 } from './installMulticall3.js'
import { jsonRpc } from './jsonRpc.js'
import { DEPLOYER_ACCOUNT, DEVNET_TOKENS, INITIAL_TOKEN_BALANCE, MULTICALL3_ADDRESS, WALLET_ACCOUNT } from './constants.js'

describe('installMulticall3', () => {
  let anvil: AnvilInstance
  before(async () => {
    anvil = await startAnvil({ chainId: 4250 })
    await deployTokens(anvil.url)
  })
  after(async () => {
    await anvil?.stop()
  })

  it("puts a Multicall3 at the canonical address that viem's own multicall reads through, without a transaction", async () => {
    const nonce = await jsonRpc<string>(anvil.url, 'eth_getTransactionCount', [DEPLOYER_ACCOUNT, 'latest'])
    assert.equal(await installMulticall3(anvil.url), MULTICALL3_ADDRESS)
    assert.equal(await jsonRpc<string>(anvil.url, 'eth_getTransactionCount', [DEPLOYER_ACCOUNT, 'latest']), nonce)
    const client = createPublicClient({ transport: http(anvil.url, { timeout: 10_000, retryCount: 0 }) })
    const [eth, dusd, symbol, missing] = await client.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      allowFailure: true,
      contracts: [
        { address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getEthBalance', args: [WALLET_ACCOUNT] },
        { address: DEVNET_TOKENS.DUSD, abi: erc20Abi, functionName: 'balanceOf', args: [WALLET_ACCOUNT] },
        { address: DEVNET_TOKENS.USDT, abi: erc20Abi, functionName: 'symbol' },
        // Multicall3 itself has no balanceOf: this call reverts and only it fails.
        { address: MULTICALL3_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [WALLET_ACCOUNT] }
      ]
    })
    assert.deepEqual(eth, { status: 'success', result: BigInt(await jsonRpc<string>(anvil.url, 'eth_getBalance', [WALLET_ACCOUNT, 'latest'])) })
    assert.deepEqual(dusd, { status: 'success', result: INITIAL_TOKEN_BALANCE })
    assert.deepEqual(symbol, { status: 'success', result: 'USDT' })
    assert.equal(missing!.status, 'failure')
  })

  it('reverts the whole batch when a call that may not fail fails', async () => {
    const client = createPublicClient({ transport: http(anvil.url, { timeout: 10_000, retryCount: 0 }) })
    await assert.rejects(
      client.readContract({
        address: MULTICALL3_ADDRESS,
        abi: multicall3Abi,
        functionName: 'aggregate3',
        args: [[{ target: MULTICALL3_ADDRESS, allowFailure: false, callData: '0x70a08231' }]]
      }),
      /DevnetMulticall3: call 0 failed/
    )
  })
})
