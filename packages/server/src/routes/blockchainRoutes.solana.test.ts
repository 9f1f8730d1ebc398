// The balance endpoint on the devnet's local Solana network (startSolanaDevnet): every value is
// compared with what the network itself answers.
import { before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, sendAndConfirmTransaction, Transaction } from '@solana/web3.js'
import * as v from 'valibot'
import { BalancesSchema, type TokenBalance as Balance } from '@wallet-modal/wire'
import { SOLANA_RECEIVER_ADDRESS, SOLANA_SPL_MINT, SOLANA_WALLET_ADDRESS, SOLANA_WALLET_SECRET } from '@wallet-modal/devnet'
import { parseServerConfig } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, urlOf, type OrError } from '../__fixtures__/http.js'
import { DEVNET_TOKENS as tokens, DOWN_SOLANA_CHAIN, startSolanaServer } from '../__fixtures__/startSolanaServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'
import { isSolanaAddress } from '../chain/isSolanaAddress.js'

describe('Solana balances (local Solana network)', () => {
  const local = useStarted(startSolanaServer, started => started.close())
  let connection: Connection

  const balances = (address: string, chainId = local.solana.caipNetworkId) =>
    getJson<OrError<{ balances: Balance[] }>>(urlOf(local.server.url, `/v1/account/${address}/balance`, { currency: 'usd', chainId }))

  before(() => {
    connection = new Connection(local.solana.rpcUrl, 'confirmed')
  })

  it('demoServerConfig adds the Solana chain with SOL and DSPL', () => {
    const config = demoServerConfig({ chains: [], tokens, solana: local.solana })
    assert.deepEqual(
      config.chains.map(c => [c.caipNetworkId, c.nativeCurrency.symbol, c.nativeCurrency.decimals]),
      [[local.solana.caipNetworkId, 'SOL', 9]]
    )
    assert.deepEqual(config.chains[0]!.tokens, [{ address: SOLANA_SPL_MINT, symbol: 'DSPL', name: 'Devnet SPL', decimals: 6 }])
    assert.equal(config.prices!.SOL, 150)
    assert.equal(config.prices!.DSPL, 1)
    parseServerConfig(config)
    // Each namespace takes its own address format.
    const evmTokenOnSolana = demoServerConfig({ chains: [], tokens, solana: local.solana })
    evmTokenOnSolana.chains[0]!.tokens![0]!.address = tokens.DUSD
    assert.throws(() => parseServerConfig(evmTokenOnSolana), /chains\.0\.tokens\.0\.address: a base58 Solana mint/)
    const solanaTokenOnEvm = demoServerConfig({ chains: [{ chainId: 1, name: 'x', rpcUrl: 'http://127.0.0.1:1' }], tokens })
    solanaTokenOnEvm.chains[0]!.tokens![0]!.address = SOLANA_SPL_MINT
    assert.throws(() => parseServerConfig(solanaTokenOnEvm), /0x and 40 hex digits on eip155:1/)
  })

  it('lists the Solana chain among the supported chains', async () => {
    const { body } = await getJson(urlOf(local.server.url, '/v1/supported-chains'))
    assert.ok(body.http.includes(local.solana.caipNetworkId))
  })

  it("answers the wallet's SOL and DSPL in the EVM path's shape", async () => {
    const { status, body } = await balances(SOLANA_WALLET_ADDRESS)
    assert.equal(status, 200, JSON.stringify(body))
    // What the modal's service client accepts, field for field.
    assert.deepEqual(v.parse(BalancesSchema, body), body)
    assert.deepEqual(
      body.balances.map(b => b.symbol),
      ['SOL', 'DSPL']
    )
    const [sol, dspl] = body.balances as [Balance, Balance]
    const lamports = await connection.getBalance(new PublicKey(SOLANA_WALLET_ADDRESS))
    assert.equal(lamports, 100 * LAMPORTS_PER_SOL)
    assert.deepEqual(sol, {
      name: 'Solana',
      symbol: 'SOL',
      chainId: local.solana.caipNetworkId,
      value: 100 * 150,
      price: 150,
      quantity: { decimals: '9', numeric: '100' },
      iconUrl: urlOf(local.server.url, '/public/getTokenImage/SOL')
    })
    assert.deepEqual(dspl, {
      name: 'Devnet SPL',
      symbol: 'DSPL',
      chainId: local.solana.caipNetworkId,
      address: `${local.solana.caipNetworkId}:${SOLANA_SPL_MINT}`,
      value: 1_000_000,
      price: 1,
      quantity: { decimals: '6', numeric: '1000000' },
      iconUrl: urlOf(local.server.url, '/public/getTokenImage/DSPL')
    })
    for (const url of [sol.iconUrl, dspl.iconUrl, urlOf(local.server.url, `/public/getAssetImage/${local.solana.caipNetworkId}`)])
      assert.equal((await fetch(url)).status, 200, url)
  })

  it('reads live: a SOL transfer shows up at once; no DSPL, no DSPL entry', async () => {
    const wallet = Keypair.fromSeed(Buffer.from(SOLANA_WALLET_SECRET, 'hex'))
    const target = Keypair.generate().publicKey
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: target, lamports: 1_500_000_000 })),
      [wallet]
    )
    const { body } = await balances(target.toBase58())
    assert.deepEqual(
      body.balances.map(b => [b.symbol, b.quantity.numeric, b.value]),
      [['SOL', '1.5', 225]]
    )
    const wallets = await balances(SOLANA_WALLET_ADDRESS)
    assert.equal(wallets.body.balances[0]!.quantity.numeric, String((await connection.getBalance(wallet.publicKey)) / LAMPORTS_PER_SOL))
    const receiver = await balances(SOLANA_RECEIVER_ADDRESS)
    assert.deepEqual(receiver.body.balances[0]!.quantity, { decimals: '9', numeric: '10' })
  })

  it('rejects addresses of the wrong kind and malformed ones', async () => {
    const cases: [string, string, RegExp][] = [
      ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', local.solana.caipNetworkId, /not a Solana address/],
      [SOLANA_WALLET_ADDRESS, 'eip155:31337', /not an EVM address/],
      // Base58 characters, but not 32 bytes.
      ['1'.repeat(40), local.solana.caipNetworkId, /not a Solana address/],
      ['0OIl'.repeat(9), local.solana.caipNetworkId, /address/]
    ]
    for (const [address, chainId, reason] of cases) {
      const { status, body } = await balances(address, chainId)
      assert.equal(status, 400, `${address} on ${chainId}`)
      assert.match(body.reason ?? '', reason)
    }
    assert.ok(isSolanaAddress(SOLANA_WALLET_ADDRESS))
    assert.ok(isSolanaAddress('11111111111111111111111111111111'))
    assert.ok(!isSolanaAddress('1'.repeat(33)))
  })

  it('answers 502 when the Solana upstream is down', async () => {
    const { status } = await balances(SOLANA_WALLET_ADDRESS, DOWN_SOLANA_CHAIN)
    assert.equal(status, 502)
  })
})
