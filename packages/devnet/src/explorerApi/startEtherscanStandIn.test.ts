// The Etherscan / Blockscout stand-in: the documented envelope, paging and errors, each failure
// switch, and rows read from a real anvil chain.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { startAnvil, type AnvilInstance } from '../anvil.js'
import { DEPLOYER_ACCOUNT, DEVNET_ACCOUNTS, DUSD_ADDRESS, USDT_ADDRESS } from '../constants.js'
import { deployTokens } from '../deployTokens.js'
import { jsonRpc } from '../jsonRpc.js'
import { waitForReceipt } from '../waitForReceipt.js'
import { ETHERSCAN_STAND_IN_KEY, startEtherscanStandIn, type EtherscanStandIn, type ExplorerRow } from './startEtherscanStandIn.js'

const ACCOUNT = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'
const TOKEN = '0x3333333333333333333333333333333333333333'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

const tx = (n: number, from: string, to: string, value = '0'): ExplorerRow => ({
  blockNumber: String(n),
  timeStamp: String(1_700_000_000 + n),
  hash: hash(n),
  nonce: String(n),
  transactionIndex: '0',
  from,
  to,
  value,
  isError: '0',
  txreceipt_status: '1',
  contractAddress: ''
})
const transfer = (n: number, from: string, to: string, value: string): ExplorerRow => ({
  blockNumber: String(n),
  timeStamp: String(1_700_000_000 + n),
  hash: hash(n),
  nonce: String(n),
  from,
  contractAddress: TOKEN,
  to,
  value,
  tokenName: 'Token',
  tokenSymbol: 'TKN',
  tokenDecimal: '6',
  transactionIndex: '0'
})

/** GETs the stand-in: status, content type and parsed body (text when not JSON). */
async function get(
  base: string,
  query: Record<string, string>,
  signal?: AbortSignal
): Promise<{ status: number; type: string | null; body: any; headers: Headers }> {
  const url = new URL(base)
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  const response = await fetch(url, { signal })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Kept as text.
  }
  return { status: response.status, type: response.headers.get('content-type'), body, headers: response.headers }
}

describe('Etherscan stand-in (fixtures)', () => {
  let explorer: EtherscanStandIn
  const account = { module: 'account', address: ACCOUNT }
  const keyed = (query: Record<string, string>) => ({ chainid: '8453', apikey: ETHERSCAN_STAND_IN_KEY, ...account, ...query })

  before(async () => {
    explorer = await startEtherscanStandIn({
      chains: {
        8453: {
          transactions: [tx(10, ACCOUNT, OTHER, '5'), tx(11, OTHER, ACCOUNT, '7'), tx(12, ACCOUNT, TOKEN), tx(13, OTHER, OTHER)],
          tokenTransfers: [transfer(12, ACCOUNT, OTHER, '1000000'), transfer(14, OTHER, ACCOUNT, '0')]
        }
      }
    })
  })
  after(() => explorer.close())

  it("lists an account's transactions in the documented envelope, ascending by default", async () => {
    const { status, type, body } = await get(explorer.url, keyed({ action: 'txlist' }))
    assert.equal(status, 200)
    assert.match(type!, /^application\/json/)
    assert.equal(body.status, '1')
    assert.equal(body.message, 'OK')
    assert.deepEqual(
      body.result.map((row: ExplorerRow) => row.blockNumber),
      ['10', '11', '12']
    )
    assert.ok(body.result.every((row: ExplorerRow) => typeof row.value === 'string' && typeof row.timeStamp === 'string'))
  })

  it('sorts, pages and bounds by block as asked', async () => {
    const blocks = async (query: Record<string, string>) =>
      (await get(explorer.url, keyed({ action: 'txlist', ...query }))).body.result.map((row: ExplorerRow) => row.blockNumber)
    assert.deepEqual(await blocks({ sort: 'desc' }), ['12', '11', '10'])
    assert.deepEqual(await blocks({ sort: 'desc', page: '1', offset: '2' }), ['12', '11'])
    assert.deepEqual(await blocks({ sort: 'desc', page: '2', offset: '2' }), ['10'])
    assert.deepEqual(await blocks({ sort: 'desc', endblock: '11' }), ['11', '10'])
    assert.deepEqual(await blocks({ startblock: '11', endblock: '11' }), ['11'])
    const tokens = await get(explorer.url, keyed({ action: 'tokentx', sort: 'desc', contractaddress: TOKEN }))
    assert.deepEqual(
      tokens.body.result.map((row: ExplorerRow) => [row.blockNumber, row.value, row.tokenDecimal]),
      [
        ['14', '0', '6'],
        ['12', '1000000', '6']
      ]
    )
  })

  it('answers "No transactions found" with an empty list, not an error', async () => {
    const { status, body } = await get(explorer.url, keyed({ action: 'txlist', address: '0x000000000000000000000000000000000000dead' }))
    assert.equal(status, 200)
    assert.deepEqual(body, { status: '0', message: 'No transactions found', result: [] })
    assert.deepEqual((await get(explorer.url, keyed({ action: 'txlist', page: '3', offset: '2' }))).body, {
      status: '0',
      message: 'No transactions found',
      result: []
    })
  })

  it("answers Etherscan's documented errors with HTTP 200 and NOTOK", async () => {
    const notOk = async (query: Record<string, string>) => {
      const { status, body } = await get(explorer.url, query)
      assert.equal(status, 200)
      assert.equal(body.status, '0')
      assert.equal(body.message, 'NOTOK')
      return body.result as string
    }
    assert.equal(await notOk({ chainid: '8453', ...account, action: 'txlist' }), 'Missing/Invalid API Key')
    assert.equal(await notOk(keyed({ action: 'txlist', apikey: 'wrong' })), 'Invalid API Key')
    assert.match(await notOk(keyed({ action: 'txlist', chainid: '999' })), /^Missing or unsupported chainid parameter \(required for v2 api\)/)
    assert.match(await notOk(keyed({ action: 'txlist', chainid: '' })), /unsupported chainid/)
    assert.equal(
      await notOk(keyed({ action: 'txlist', page: '101', offset: '100' })),
      'Result window is too large, PageNo x Offset size must be less than or equal to 10000'
    )
    assert.equal(await notOk(keyed({ action: 'txlist', address: '0x123' })), 'Error! Invalid address format')
    assert.equal(await notOk(keyed({ action: 'nope' })), 'Error! Missing Or invalid Action name')
    // 100 x 100 is exactly the window: allowed.
    assert.equal((await get(explorer.url, keyed({ action: 'txlist', page: '100', offset: '100' }))).body.message, 'No transactions found')
  })

  it('serves one chain at /api as a Blockscout instance does: no key, errors in message, descending by default', async () => {
    const list = await get(explorer.blockscoutUrl, { ...account, action: 'txlist' })
    assert.deepEqual(
      list.body.result.map((row: ExplorerRow) => row.blockNumber),
      ['12', '11', '10']
    )
    assert.deepEqual((await get(explorer.blockscoutUrl, { ...account, action: 'tokentx', address: OTHER.replace('2222', '2223') })).body, {
      status: '0',
      message: 'No token transfers found',
      result: []
    })
    assert.deepEqual((await get(explorer.blockscoutUrl, { ...account, action: 'txlist', address: 'nope' })).body, {
      status: '0',
      message: 'Invalid address format',
      result: null
    })
  })

  it('answers each failure on demand, for as many calls as asked', async () => {
    const query = keyed({ action: 'txlist' })
    explorer.fail({ kind: 'rateLimit' }, 1)
    assert.deepEqual((await get(explorer.url, query)).body, {
      status: '0',
      message: 'NOTOK',
      result: 'Max rate limit reached, please use API Key for higher rate limit'
    })
    assert.equal((await get(explorer.url, query)).body.status, '1', 'once only')

    explorer.fail({ kind: 'invalidKey' }, 1)
    assert.equal((await get(explorer.url, query)).body.result, 'Invalid API Key')
    explorer.fail({ kind: 'missingKey' }, 1)
    assert.equal((await get(explorer.url, query)).body.result, 'Missing/Invalid API Key')

    explorer.fail({ kind: 'http', status: 429, retryAfterSeconds: 7 }, 1)
    const limited = await get(explorer.url, query)
    assert.equal(limited.status, 429)
    assert.equal(limited.headers.get('retry-after'), '7')
    explorer.fail({ kind: 'http', status: 500 }, 1)
    assert.equal((await get(explorer.url, query)).status, 500)

    explorer.fail({ kind: 'garbage' }, 1)
    const garbage = await get(explorer.url, query)
    assert.equal(garbage.status, 200)
    assert.match(garbage.type!, /^text\/html/)
    assert.match(garbage.body, /^<html>/)

    explorer.fail({ kind: 'huge', bytes: 100_000 }, 1)
    const huge = await fetch(`${explorer.url}?${new URLSearchParams(query)}`)
    assert.equal((await huge.arrayBuffer()).byteLength, 100_000)

    explorer.fail({ kind: 'slow' })
    await assert.rejects(get(explorer.url, query, AbortSignal.timeout(200)), /aborted|timeout/i)
    explorer.recover()
    assert.equal((await get(explorer.url, query)).body.status, '1')
    assert.ok(explorer.calls.every(call => call.path === '/v2/api' || call.path === '/api'))
  })
})

describe('Etherscan stand-in (rows read from anvil)', () => {
  const SENDER = DEVNET_ACCOUNTS[4]!.toLowerCase()
  const RECEIVER = '0x1000000000000000000000000000000000000b0b'
  let anvil: AnvilInstance
  let explorer: EtherscanStandIn
  const send = async (request: Record<string, string>) => {
    const sent = await jsonRpc<Hex>(anvil.url, 'eth_sendTransaction', [request])
    return { hash: sent, receipt: await waitForReceipt(anvil.url, sent) }
  }
  const list = async (action: string, address: string, base = explorer.url) =>
    (await get(base, { chainid: '4246', apikey: explorer.apiKey, module: 'account', action, address, sort: 'desc' })).body

  before(async () => {
    anvil = await startAnvil({ chainId: 4246 })
    await deployTokens(anvil.url)
    explorer = await startEtherscanStandIn({ chains: { 4246: { rpcUrl: anvil.url } } })
  })
  after(async () => {
    await explorer?.close()
    await anvil?.stop()
  })

  it('lists transactions and ERC-20 transfers as an explorer indexing the chain does', async () => {
    const eth = await send({ from: SENDER, to: RECEIVER, value: '0x5' })
    const dusd = await send({
      from: SENDER,
      to: DUSD_ADDRESS,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, 2_500_000n] })
    })
    // Above the balance: DevnetTether reverts (an explicit gas limit skips anvil's estimate).
    const failed = await send({
      from: SENDER,
      to: USDT_ADDRESS,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, 10n ** 15n] }),
      gas: '0x30000'
    })

    const txs = await list('txlist', SENDER)
    assert.equal(txs.status, '1')
    assert.deepEqual(
      txs.result.slice(0, 3).map((row: ExplorerRow) => row.hash),
      [failed.hash, dusd.hash, eth.hash]
    )
    const [failedRow, dusdRow, ethRow] = txs.result as ExplorerRow[]
    assert.deepEqual([failedRow!.isError, failedRow!.txreceipt_status], ['1', '0'])
    assert.deepEqual(
      [dusdRow!.isError, dusdRow!.methodId, dusdRow!.functionName, dusdRow!.to],
      ['0', '0xa9059cbb', 'transfer(address _to, uint256 _value)', DUSD_ADDRESS.toLowerCase()]
    )
    assert.equal(ethRow!.value, '5')
    assert.equal(ethRow!.blockNumber, String(Number(eth.receipt.blockNumber)))
    for (const field of ['blockNumber', 'timeStamp', 'nonce', 'transactionIndex', 'value', 'gasUsed', 'confirmations'])
      assert.match(String(ethRow![field]), /^\d+$/, field)

    const transfers = await list('tokentx', RECEIVER)
    assert.deepEqual(
      transfers.result.map((row: ExplorerRow) => [
        row.hash,
        row.from,
        row.to,
        row.contractAddress,
        row.value,
        row.tokenSymbol,
        row.tokenName,
        row.tokenDecimal,
        row.input
      ]),
      [[dusd.hash, SENDER, RECEIVER, DUSD_ADDRESS.toLowerCase(), '2500000', 'DUSD', 'Devnet USD', '6', 'deprecated']]
    )
    // The reverted USDT transfer moved nothing and is not a token transfer.
    assert.ok(!(await list('tokentx', SENDER)).result.some((row: ExplorerRow) => row.hash === failed.hash))
  })

  it('lists a deployment with an empty to and the contract it created, and reads new blocks on each call', async () => {
    const deployments = (await list('txlist', DEPLOYER_ACCOUNT.toLowerCase())).result as ExplorerRow[]
    const dusdDeployment = deployments.find(row => row.contractAddress === DUSD_ADDRESS.toLowerCase())
    assert.ok(dusdDeployment)
    assert.equal(dusdDeployment.to, '')
    const later = await send({ from: SENDER, to: RECEIVER, value: '0x6' })
    assert.equal((await list('txlist', RECEIVER)).result[0].hash, later.hash)
  })

  it("answers Blockscout's row shape at /api", async () => {
    const rows = (await get(explorer.blockscoutUrl, { module: 'account', action: 'tokentx', address: RECEIVER })).body.result as ExplorerRow[]
    assert.equal(rows.length, 1)
    assert.match(String(rows[0]!.logIndex), /^\d+$/)
    assert.equal(rows[0]!.methodId, undefined)
  })
})
