// Activity: the pure rules of spec §5 (grouping, spam, signs, 3 decimals) and the history flow
// against the wallet-modal server's indexer on the devnet, including its failure path.
import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { walletFeatures } from './walletFeatures.js'
import { fetchTransactions, filterTransactions, groupTransactions, isSpamTransaction, transactionDescriptions, transferSign } from './transactions.js'
import { parseHistory, type Transaction } from '../api/schemas.js'
import {
  connectedDevnetCore,
  devnetNetworks,
  getDevnet,
  memoryStorage,
  rpc,
  serverRequests,
  setFault,
  waitFor,
  type DevnetInfo
} from '../__fixtures__/devnet.js'

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const tx = (over: Partial<Transaction['metadata']> & { id?: string; transfers?: Transaction['transfers'] } = {}): Transaction => ({
  id: over.id ?? `0x${Math.random().toString(16).slice(2)}`,
  metadata: {
    minedAt: over.minedAt ?? '2026-11-20T10:00:00.000Z',
    chain: over.chain ?? 'eip155:31337',
    operationType: over.operationType ?? 'send',
    status: over.status ?? 'confirmed',
    sentFrom: over.sentFrom ?? '0x1111111111111111111111111111111111111111',
    sentTo: over.sentTo ?? '0x2222222222222222222222222222222222222222'
  },
  transfers: over.transfers ?? [{ fungible_info: { symbol: 'ETH', name: 'Ether' }, direction: 'out', quantity: { numeric: '0.5' } }]
})

describe('activity rules (spec §5)', () => {
  it('groups by year then month, newest first at every level', () => {
    const list = [
      tx({ id: 'a', minedAt: '2025-12-31T23:00:00.000Z' }),
      tx({ id: 'b', minedAt: '2026-11-02T00:00:00.000Z' }),
      tx({ id: 'c', minedAt: '2026-10-15T00:00:00.000Z' }),
      tx({ id: 'd', minedAt: '2026-11-21T00:00:00.000Z' })
    ]
    const groups = groupTransactions(list)
    expect(groups.map(g => g.year)).to.deep.equal([2026, 2025])
    expect(groups[0]!.months.map(m => m.month)).to.deep.equal([10, 9])
    expect(groups[0]!.months[0]!.transactions.map(t => t.id)).to.deep.equal(['d', 'b'])
    expect(groups[1]!.months[0]!.transactions.map(t => t.id)).to.deep.equal(['a'])
  })

  it('drops spam (every transfer flagged) and other chains', () => {
    const spam = tx({ id: 'spam', transfers: [{ nft_info: { name: 'Free', flags: { is_spam: true } }, quantity: { numeric: '1' } }] })
    const partly = tx({
      id: 'partly',
      transfers: [
        { nft_info: { name: 'Free', flags: { is_spam: true } }, quantity: { numeric: '1' } },
        { fungible_info: { symbol: 'ETH' }, quantity: { numeric: '1' } }
      ]
    })
    const other = tx({ id: 'other', chain: 'eip155:1' })
    expect(isSpamTransaction(spam)).to.equal(true)
    expect(isSpamTransaction(partly)).to.equal(false)
    expect(filterTransactions([spam, partly, other, tx({ id: 'ok' })], 'eip155:31337').map(t => t.id)).to.deep.equal(['partly', 'ok'])
  })

  it('drops a look-alike token transfer the server marks unverified, unless the transaction moved something verified too', () => {
    const fake = { fungible_info: { name: 'Tether USD', symbol: 'USDT', flags: { verified: false } }, quantity: { numeric: '0' } }
    const poisoning = tx({ id: 'poisoning', transfers: [fake] })
    const mixed = tx({ id: 'mixed', transfers: [fake, { fungible_info: { symbol: 'ETH' }, quantity: { numeric: '1' } }] })
    const listed = tx({ id: 'listed', transfers: [{ fungible_info: { symbol: 'USDT', flags: { verified: true } }, quantity: { numeric: '5' } }] })
    expect(filterTransactions([poisoning, mixed, listed], 'eip155:31337').map(t => t.id)).to.deep.equal(['mixed', 'listed'])
  })

  it('signs: plus for receive/deposit/borrow/claim, minus for withdraw/repay/burn, else by direction; 3 decimals', () => {
    const t = { quantity: { numeric: '1' } }
    for (const op of ['receive', 'deposit', 'borrow', 'claim']) expect(transferSign(op, { ...t, direction: 'out' }), op).to.equal('+')
    for (const op of ['withdraw', 'repay', 'burn']) expect(transferSign(op, { ...t, direction: 'in' }), op).to.equal('-')
    expect(transferSign('send', { ...t, direction: 'out' })).to.equal('-')
    expect(transferSign('trade', { ...t, direction: 'in' })).to.equal('+')
    expect(transferSign('execute', t)).to.equal('')
    expect(
      transactionDescriptions(
        tx({ operationType: 'receive', transfers: [{ fungible_info: { symbol: 'DUSD' }, direction: 'in', quantity: { numeric: '10.98765' } }] })
      )
    ).to.deep.equal(['+10.987 DUSD'])
    expect(transactionDescriptions(tx())).to.deep.equal(['-0.500 ETH'])
  })

  it('keeps well-formed history entries and drops malformed ones', () => {
    const page = parseHistory({ data: [tx({ id: 'ok' }), { id: 'bad' }, { ...tx(), metadata: { ...tx().metadata, minedAt: 'yesterday' } }], next: 'abc' })
    expect(page.data.map(t => t.id)).to.deep.equal(['ok'])
    expect(page.next).to.equal('abc')
    expect(parseHistory({ data: [], next: null }).next).to.equal(undefined)
  })
})

describe('activity from the server (devnet)', () => {
  let info: DevnetInfo
  let core: Core | undefined
  let stop: (() => void) | undefined

  const connected = async () => {
    const made = await connectedDevnetCore(info)
    stop = made.stop
    return (core = made.core)
  }

  before(async () => {
    info = await getDevnet()
  })
  afterEach(async () => {
    if (stop) stop()
    else core?.destroy()
    core = undefined
    stop = undefined
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
  })

  it("lists a fresh transfer of the connected chain, newest first, with the send's sign", async () => {
    const c = await connected()
    const hash = await rpc<string>(info.chains[0]!.rpcUrl, 'eth_sendTransaction', [{ from: info.walletAccount, to: RECEIVER, value: '0x2386f26fc10000' }])
    const { transactions } = walletFeatures(c)
    // The indexer follows new blocks; ask until the transfer is in.
    await waitFor(
      () => {
        if (transactions.state.transactions.some(t => t.metadata.hash === hash)) return true
        if (!transactions.state.loading) void fetchTransactions(c, { reset: true })
        return false
      },
      15_000,
      'the transfer in the history'
    )
    const first = transactions.state.transactions[0]!
    expect(first.metadata.hash, 'newest first').to.equal(hash)
    expect(first.metadata.operationType).to.equal('send')
    expect(transactionDescriptions(first)).to.deep.equal(['-0.010 ETH'])
    expect(transactions.state.transactions.every(t => t.metadata.chain === 'eip155:31337')).to.equal(true)
  })

  it("a failing history service shows 'Failed to fetch transactions', marks the list empty and clears the cursor", async () => {
    const c = await connected()
    await setFault(info.serviceUrl, { path: '/v1/account/', mode: 'status', status: 500 })
    const { transactions } = walletFeatures(c)
    await fetchTransactions(c, { reset: true })
    expect(transactions.state.error).to.equal('Failed to fetch transactions')
    expect(transactions.state.empty).to.equal(true)
    expect(transactions.state.next).to.equal(undefined)
    await waitFor(() => c.snack.state.open && c.snack.state.message === 'Failed to fetch transactions', 2000, 'the error snack')
  })

  it('asks for on-ramp activity with onramp, as a list of its own; the plain list sends none', async () => {
    const c = await connected()
    const { transactions } = walletFeatures(c)
    await fetchTransactions(c, { reset: true })
    // Forgets the requests made so far.
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
    // Not a next page of the plain list (which may be complete already): a list of its own.
    await fetchTransactions(c, { onramp: 'coinbase' })
    // The server has no on-ramp purchases.
    expect(transactions.state.transactions).to.deep.equal([])
    expect(transactions.state.empty).to.equal(true)
    await fetchTransactions(c)
    const sent = (await serverRequests(info.serviceUrl, '/v1/account/')).filter(u => u.pathname.endsWith('/history'))
    expect(sent.map(u => u.searchParams.get('onramp'))).to.deep.equal(['coinbase', null])
    for (const u of sent) expect(u.searchParams.get('chainId')).to.equal('eip155:31337')
  })

  it("needs an account address: 'Transaction fetch needs an account address'", async () => {
    const c = (core = createCore({
      projectId: 'demo',
      networks: devnetNetworks(info),
      storage: memoryStorage(),
      serviceUrl: info.serviceUrl,
      enableInjected: false
    }))
    const err = await fetchTransactions(c).catch(e => e)
    expect(err.shortMessage).to.equal('Transaction fetch needs an account address')
  })
})
