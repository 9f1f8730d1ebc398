// The local Solana network through the real clients: @solana/web3.js 1.x (HTTP and the
// signature WebSocket) and @solana/spl-token, plus raw requests for the error paths.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import { getAccount, getAssociatedTokenAddressSync, getMint, getOrCreateAssociatedTokenAccount, transferChecked } from '@solana/spl-token'
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction
} from '@solana/web3.js'
import {
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_GENESIS_HASH,
  SOLANA_INITIAL_SPL_BALANCE,
  SOLANA_RECEIVER_ADDRESS,
  SOLANA_RECEIVER_LAMPORTS,
  SOLANA_SPL_MINT,
  SOLANA_WALLET_ADDRESS,
  SOLANA_WALLET_LAMPORTS,
  SOLANA_WALLET_SECRET
} from './solanaConstants.js'
import { waitFor } from '../testing/waitFor.js'
import { SolanaLedger } from './SolanaLedger.js'
import { startSolanaDevnet, type SolanaDevnet } from './startSolanaDevnet.js'

const wallet = Keypair.fromSeed(Buffer.from(SOLANA_WALLET_SECRET, 'hex'))
const receiver = new PublicKey(SOLANA_RECEIVER_ADDRESS)
const mint = new PublicKey(SOLANA_SPL_MINT)

/** POSTs a raw body and returns the HTTP status and the parsed JSON (or the text). */
async function post(url: string, body: string): Promise<{ status: number; json: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  const text = await response.text()
  let json: unknown = text
  try {
    json = JSON.parse(text)
  } catch {
    // Not JSON: the test looks at the text.
  }
  return { status: response.status, json }
}

const rpc = (url: string, method: string, params?: unknown): Promise<{ status: number; json: any }> =>
  post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }))

/**
 * A bare WebSocket client over node:net (node 20 has no WebSocket client), sending masked text
 * frames and collecting the server's text messages: enough to check the protocol handling.
 */
async function rawWebSocket(
  wsUrl: string
): Promise<{ send(text: string): void; sendFrame(opcode: number, payload: Buffer): void; next(): Promise<string>; socket: Socket }> {
  const { hostname, port } = new URL(wsUrl)
  const socket = connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  socket.write(
    `GET / HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`
  )
  let buffer = Buffer.alloc(0)
  let handshakeDone = false
  const messages: string[] = []
  const waiters: ((text: string) => void)[] = []
  socket.on('data', chunk => {
    buffer = Buffer.concat([buffer, chunk])
    if (!handshakeDone) {
      const end = buffer.indexOf('\r\n\r\n')
      if (end < 0) return
      assert.match(buffer.subarray(0, end).toString(), /^HTTP\/1\.1 101/)
      buffer = buffer.subarray(end + 4)
      handshakeDone = true
    }
    // Server frames are unmasked; these tests only get small ones (< 126 bytes or 16-bit length).
    while (buffer.length >= 2) {
      let length = buffer[1]! & 0x7f
      let offset = 2
      if (length === 126) {
        length = buffer.readUInt16BE(2)
        offset = 4
      }
      if (buffer.length < offset + length) return
      const opcode = buffer[0]! & 0x0f
      const payload = buffer.subarray(offset, offset + length)
      buffer = buffer.subarray(offset + length)
      const text = opcode === 0x1 ? payload.toString('utf8') : `<opcode ${opcode}>`
      const waiter = waiters.shift()
      if (waiter) waiter(text)
      else messages.push(text)
    }
  })
  const sendFrame = (opcode: number, payload: Buffer): void => {
    const mask = randomBytes(4)
    const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i & 3]!))
    const header =
      payload.length < 126
        ? Buffer.from([0x80 | opcode, 0x80 | payload.length])
        : Buffer.from([0x80 | opcode, 0x80 | 126, payload.length >> 8, payload.length & 0xff])
    socket.write(Buffer.concat([header, mask, masked]))
  }
  return {
    socket,
    sendFrame,
    send: text => sendFrame(0x1, Buffer.from(text)),
    next: () => (messages.length > 0 ? Promise.resolve(messages.shift()!) : new Promise(resolve => waiters.push(resolve)))
  }
}

describe('startSolanaDevnet', () => {
  let devnet: SolanaDevnet
  let connection: Connection
  let startupMs = 0

  before(async () => {
    const started = performance.now()
    devnet = await startSolanaDevnet()
    startupMs = performance.now() - started
    connection = new Connection(devnet.rpcUrl, 'confirmed')
  })
  after(async () => {
    await devnet?.stop()
  })

  it('starts in well under a second, on a port pair', t => {
    t.diagnostic(`startup ${startupMs.toFixed(0)} ms`)
    assert.ok(startupMs < 5000, `${startupMs} ms`)
    const rpcPort = Number(new URL(devnet.rpcUrl).port)
    assert.equal(devnet.wsUrl, `ws://127.0.0.1:${rpcPort + 1}`)
    assert.equal(devnet.caipNetworkId, SOLANA_CAIP_NETWORK_ID)
    assert.equal(devnet.name, 'Solana Devnet (local)')
  })

  it('reports the fixed genesis hash, a version and advancing slots', async () => {
    assert.equal(await connection.getGenesisHash(), SOLANA_GENESIS_HASH)
    assert.equal(SOLANA_CAIP_NETWORK_ID, `solana:${SOLANA_GENESIS_HASH.slice(0, 32)}`)
    assert.equal((await connection.getVersion())['solana-core'], '2.2.0')
    // Slots follow the wall clock (400 ms each here): the next one is waited for.
    const slot = await connection.getSlot()
    await waitFor(async () => (await connection.getSlot()) > slot, 5000, `a slot after ${slot}`)
    // Slots advance with time, so the height is compared with slots read around it.
    const before = await connection.getSlot()
    const height = await connection.getBlockHeight()
    const after = await connection.getSlot()
    assert.ok(height >= before && height <= after, `height ${height} outside slots ${before}..${after}`)
    assert.equal((await rpc(devnet.rpcUrl, 'getHealth')).json.result, 'ok')
    assert.equal(await (await fetch(`${devnet.rpcUrl}/health`)).text(), 'ok')
  })

  it('funds the wallet with 100 SOL and the receiver with 10 SOL', async () => {
    assert.equal(devnet.walletAddress, SOLANA_WALLET_ADDRESS)
    assert.equal(wallet.publicKey.toBase58(), SOLANA_WALLET_ADDRESS)
    assert.equal(await connection.getBalance(wallet.publicKey), SOLANA_WALLET_LAMPORTS)
    assert.equal(SOLANA_WALLET_LAMPORTS, 100 * LAMPORTS_PER_SOL)
    assert.equal(await connection.getBalance(receiver), SOLANA_RECEIVER_LAMPORTS)
    assert.equal(await connection.getBalance(Keypair.generate().publicKey), 0)
    const info = await connection.getAccountInfo(wallet.publicKey)
    assert.equal(info?.owner.toBase58(), SystemProgram.programId.toBase58())
    assert.equal(info?.data.length, 0)
    assert.equal(await connection.getAccountInfo(Keypair.generate().publicKey), null)
  })

  it('confirms a SOL transfer through the signature WebSocket', async t => {
    const before = await connection.getBalance(wallet.publicKey)
    const transaction = new Transaction().add(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: LAMPORTS_PER_SOL / 4 }))
    const started = performance.now()
    const signature = await sendAndConfirmTransaction(connection, transaction, [wallet])
    t.diagnostic(`transfer confirmed in ${(performance.now() - started).toFixed(0)} ms`)

    assert.equal(await connection.getBalance(receiver), SOLANA_RECEIVER_LAMPORTS + LAMPORTS_PER_SOL / 4)
    assert.equal(await connection.getBalance(wallet.publicKey), before - LAMPORTS_PER_SOL / 4 - 5000)
    const { value } = await connection.getSignatureStatuses([signature, '1'.repeat(88)])
    assert.equal(value[0]?.confirmationStatus, 'finalized')
    assert.equal(value[0]?.err, null)
    assert.equal(value[1], null)

    const recorded = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    assert.ok(recorded)
    assert.equal(recorded.meta?.err, null)
    assert.equal(recorded.meta?.fee, 5000)
    assert.equal(recorded.transaction.signatures[0], signature)
    assert.equal(recorded.meta!.preBalances[0]! - recorded.meta!.postBalances[0]!, LAMPORTS_PER_SOL / 4 + 5000)
    assert.equal(recorded.version, 'legacy')
    const raw = (await rpc(devnet.rpcUrl, 'getTransaction', [signature, { encoding: 'base64' }])).json.result
    assert.equal(
      Transaction.from(Buffer.from(raw.transaction[0], 'base64')).signature?.toString('base64'),
      Transaction.from(transaction.serialize()).signature?.toString('base64')
    )
  })

  it('confirms v0 transactions with the blockhash strategy', async () => {
    const latest = await connection.getLatestBlockhash()
    assert.equal((await connection.isBlockhashValid(latest.blockhash)).value, true)
    assert.equal((await connection.isBlockhashValid('11111111111111111111111111111111')).value, false)
    const message = new TransactionMessage({
      payerKey: wallet.publicKey,
      recentBlockhash: latest.blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: 1234 })]
    }).compileToV0Message()
    assert.equal((await connection.getFeeForMessage(message)).value, 5000)
    const transaction = new VersionedTransaction(message)
    transaction.sign([wallet])
    const before = await connection.getBalance(receiver)
    const signature = await connection.sendTransaction(transaction)
    const result = await connection.confirmTransaction({ signature, ...latest })
    assert.equal(result.value.err, null)
    assert.equal(await connection.getBalance(receiver), before + 1234)
    // A v0 transaction needs maxSupportedTransactionVersion, as on a validator.
    const refused = await rpc(devnet.rpcUrl, 'getTransaction', [signature])
    assert.equal(refused.json.error.code, -32015)
    assert.equal((await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.version, 0)
  })

  it('answers requestAirdrop with a confirmable transfer', async () => {
    const account = Keypair.generate().publicKey
    const signature = await connection.requestAirdrop(account, 2 * LAMPORTS_PER_SOL)
    await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) })
    assert.equal(await connection.getBalance(account), 2 * LAMPORTS_PER_SOL)
    await assert.rejects(connection.requestAirdrop(account, 1e15), /lamports/)
  })

  it('serves the DSPL mint and the wallet token account to @solana/spl-token', async () => {
    const parsed = await connection.getParsedTokenAccountsByOwner(wallet.publicKey, { mint })
    assert.equal(parsed.value.length, 1)
    const { info } = parsed.value[0]!.account.data.parsed
    assert.equal(info.mint, SOLANA_SPL_MINT)
    assert.deepEqual(info.tokenAmount, { amount: SOLANA_INITIAL_SPL_BALANCE.toString(), decimals: 6, uiAmount: 1_000_000, uiAmountString: '1000000' })
    const byProgram = await connection.getTokenAccountsByOwner(wallet.publicKey, { programId: new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA') })
    assert.equal(byProgram.value[0]?.pubkey.toBase58(), parsed.value[0]!.pubkey.toBase58())

    const mintInfo = await getMint(connection, mint)
    assert.equal(mintInfo.decimals, 6)
    assert.equal(mintInfo.supply, SOLANA_INITIAL_SPL_BALANCE)
    const ata = getAssociatedTokenAddressSync(mint, wallet.publicKey)
    assert.equal((await getAccount(connection, ata)).amount, SOLANA_INITIAL_SPL_BALANCE)
    assert.equal((await connection.getTokenAccountBalance(ata)).value.uiAmountString, '1000000')
    assert.equal((await connection.getTokenSupply(mint)).value.amount, SOLANA_INITIAL_SPL_BALANCE.toString())

    // A token transfer to a new associated account, the way a dapp's "send" does it.
    const target = await getOrCreateAssociatedTokenAccount(connection, wallet, mint, receiver)
    await transferChecked(connection, wallet, ata, mint, target.address, wallet, 2_500_000n, 6)
    assert.equal((await connection.getTokenAccountBalance(target.address)).value.uiAmountString, '2.5')
    assert.equal((await getAccount(connection, ata)).amount, SOLANA_INITIAL_SPL_BALANCE - 2_500_000n)
    const multiple = await connection.getMultipleAccountsInfo([ata, target.address, Keypair.generate().publicKey])
    assert.equal(multiple.length, 3)
    assert.equal(multiple[2], null)
    assert.equal(multiple[0]?.data.length, 165)
  })

  it('simulates, and refuses failing transactions in preflight with their logs', async () => {
    const tooMuch = new Transaction().add(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: 1000 * LAMPORTS_PER_SOL }))
    tooMuch.feePayer = wallet.publicKey
    tooMuch.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    const simulation = await connection.simulateTransaction(tooMuch)
    assert.deepEqual(simulation.value.err, { InstructionError: [0, { Custom: 1 }] })
    assert.ok(simulation.value.logs?.some(line => line.includes('insufficient lamports')))

    const before = await connection.getBalance(wallet.publicKey)
    await assert.rejects(sendAndConfirmTransaction(connection, tooMuch, [wallet]), (error: unknown) => {
      assert.ok(error instanceof SendTransactionError)
      assert.match(error.message, /Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1/)
      return true
    })
    assert.equal(await connection.getBalance(wallet.publicKey), before, 'a refused transaction pays no fee')
    // It did not run, so the same bytes are not "already processed": preflight refuses them again.
    const again = await rpc(devnet.rpcUrl, 'sendTransaction', [tooMuch.serialize().toString('base64'), { encoding: 'base64' }])
    assert.equal(again.json.error.code, -32002)

    // A passing simulation reports the requested accounts as they would be afterwards.
    const message = new TransactionMessage({
      payerKey: wallet.publicKey,
      recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: 1000 })]
    }).compileToV0Message()
    const receiverNow = await connection.getBalance(receiver)
    const preview = await connection.simulateTransaction(new VersionedTransaction(message), {
      accounts: { addresses: [receiver.toBase58(), SOLANA_SPL_MINT], encoding: 'base64' }
    })
    assert.equal(preview.value.err, null)
    assert.equal(preview.value.accounts?.[0]?.lamports, receiverNow + 1000)
    assert.equal(preview.value.accounts?.[1]?.owner, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
    assert.equal(await connection.getBalance(receiver), receiverNow, 'a simulation changes nothing')

    // Priority fees count, in getFeeForMessage and in what is charged.
    const priority = new Transaction({ feePayer: wallet.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 100_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_001 }),
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: 1 })
    )
    assert.equal((await connection.getFeeForMessage(priority.compileMessage())).value, 5000 + 100_001)
    const payerBefore = await connection.getBalance(wallet.publicKey)
    const prioritySignature = await sendAndConfirmTransaction(connection, priority, [wallet])
    assert.equal(payerBefore - (await connection.getBalance(wallet.publicKey)), 1 + 5000 + 100_001)
    assert.equal((await connection.getTransaction(prioritySignature, { maxSupportedTransactionVersion: 0 }))?.meta?.fee, 5000 + 100_001)

    assert.equal(await connection.getMinimumBalanceForRentExemption(0), 890880)
    assert.equal(await connection.getMinimumBalanceForRentExemption(165), 2039280)
  })

  it('refuses a repeated transaction and an unknown blockhash', async () => {
    const transaction = new Transaction({ feePayer: wallet.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: 777 })
    )
    transaction.sign(wallet)
    const wire = transaction.serialize().toString('base64')
    const first = await rpc(devnet.rpcUrl, 'sendTransaction', [wire, { encoding: 'base64' }])
    assert.equal(typeof first.json.result, 'string')
    const second = await rpc(devnet.rpcUrl, 'sendTransaction', [wire, { encoding: 'base64' }])
    assert.match(second.json.error.message, /already been processed/)

    const stale = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: 1 })
    )
    stale.sign(wallet)
    const refused = await rpc(devnet.rpcUrl, 'sendTransaction', [stale.serialize().toString('base64'), { encoding: 'base64', skipPreflight: true }])
    assert.equal(refused.json.error.code, -32002)
    assert.match(refused.json.error.message, /Blockhash not found/)
    // base58, the RPC's default encoding, works too.
    const { base58 } = await import('@scure/base')
    const viaBase58 = await rpc(devnet.rpcUrl, 'simulateTransaction', [base58.encode(stale.serialize()), { replaceRecentBlockhash: true }])
    assert.equal(viaBase58.json.result.value.err, null)
    assert.ok(viaBase58.json.result.value.replacementBlockhash.blockhash)
  })

  it('lets blockhashes expire after 150 slots', async () => {
    let now = 1_700_000_000_000
    const ledger = new SolanaLedger({ slotMs: 400, now: () => now })
    const { slot, blockhash, lastValidBlockHeight } = ledger.latestBlockhash()
    assert.equal(lastValidBlockHeight, slot + 150)
    // Still good in its last valid slot, gone one slot later.
    now += lastValidBlockHeight * 400
    assert.equal(ledger.slot, lastValidBlockHeight)
    assert.equal(ledger.isBlockhashValid(blockhash), true)
    now += 400
    assert.equal(ledger.isBlockhashValid(blockhash), false)
  })

  it('answers malformed requests with JSON-RPC errors and keeps serving', async () => {
    const url = devnet.rpcUrl
    const parse = await post(url, '{nope')
    assert.equal(parse.status, 200)
    assert.equal(parse.json.error.code, -32700)
    assert.equal((await rpc(url, 'eth_chainId')).json.error.code, -32601)
    assert.equal((await rpc(url, 'constructor')).json.error.code, -32601)
    assert.equal((await rpc(url, 'getBalance', { address: SOLANA_WALLET_ADDRESS })).json.error.code, -32602)
    for (const bad of ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'O0Il'.repeat(10), '', 42, null]) {
      assert.equal((await rpc(url, 'getBalance', [bad])).json.error.code, -32602, String(bad))
    }
    assert.equal((await rpc(url, 'getAccountInfo', [SOLANA_WALLET_ADDRESS, { encoding: 'base64+zstd' }])).json.error.code, -32602)
    for (const tx of ['AQID', '', '!!!', 'A'.repeat(5000)]) {
      assert.equal((await rpc(url, 'sendTransaction', [tx, { encoding: 'base64' }])).json.error.code, -32602, tx.slice(0, 10))
    }
    assert.equal((await post(url, '[]')).json.error.code, -32600)
    assert.equal((await post(url, '"text"')).json.error.code, -32600)
    assert.equal((await post(url, JSON.stringify({ id: 1, method: 'getSlot' }))).json.error.code, -32600)
    const batch = await post(url, JSON.stringify([{ jsonrpc: '2.0', id: 'a', method: 'getSlot' }, { jsonrpc: '2.0', id: 'b', method: 'nope' }, 5]))
    assert.deepEqual(
      batch.json.map((entry: any) => [entry.id, 'result' in entry ? 'result' : entry.error.code]),
      [
        ['a', 'result'],
        ['b', -32601],
        [null, -32600]
      ]
    )
    const notification = await post(url, JSON.stringify({ jsonrpc: '2.0', method: 'getSlot' }))
    assert.equal(notification.status, 204)
    assert.equal((await fetch(url)).status, 405)
    assert.equal((await post(url, 'x'.repeat(1024 * 1024 + 1))).status, 413)
    assert.equal((await rpc(url, 'getHealth')).json.result, 'ok')
  })

  it('survives mutated transactions (the native runtime must never see malformed bytes)', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    const base = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: 5 })
    )
    base.sign(wallet)
    const wire = base.serialize()
    const batch = Array.from({ length: 300 }, (_, i) => {
      const bytes = Buffer.from(wire)
      for (let k = 0; k < 1 + (i % 4); k++) {
        const at = (i * 7919 + k * 104729) % bytes.length
        bytes[at] = bytes[at]! ^ (1 << ((i + k) % 8))
      }
      const body = i % 10 === 0 ? bytes.subarray(0, (i * 13) % bytes.length) : bytes
      return {
        jsonrpc: '2.0',
        id: i,
        method: i % 2 ? 'simulateTransaction' : 'sendTransaction',
        params: [body.toString('base64'), { encoding: 'base64', skipPreflight: i % 3 === 0 }]
      }
    })
    const { json } = await post(devnet.rpcUrl, JSON.stringify(batch))
    assert.equal(json.length, 300)
    assert.ok(json.every((entry: any) => 'result' in entry || typeof entry.error?.code === 'number'))
    assert.equal((await rpc(devnet.rpcUrl, 'getHealth')).json.result, 'ok')
  })

  it('speaks JSON-RPC on the WebSocket: subscribe, notify, unsubscribe, errors', async () => {
    assert.equal((await fetch(devnet.wsUrl.replace('ws:', 'http:'))).status, 426)
    const ws = await rawWebSocket(devnet.wsUrl)
    try {
      ws.send('{nope')
      assert.equal(JSON.parse(await ws.next()).error.code, -32700)
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: [SOLANA_WALLET_ADDRESS] }))
      assert.equal(JSON.parse(await ws.next()).error.code, -32601)
      // web3.js's keep-alive: a notification, never answered. The pong proves the socket lives.
      ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping', params: null }))
      ws.sendFrame(0x9, Buffer.from('hi'))
      assert.equal(await ws.next(), '<opcode 10>')

      const transaction = new Transaction({ feePayer: wallet.publicKey, ...(await connection.getLatestBlockhash()) }).add(
        SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: 4321 })
      )
      transaction.sign(wallet)
      const { base58 } = await import('@scure/base')
      const signature = base58.encode(transaction.signature!)
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'signatureSubscribe', params: [signature, { commitment: 'confirmed' }] }))
      const subscribed = JSON.parse(await ws.next())
      assert.equal(subscribed.id, 2)
      assert.equal(typeof subscribed.result, 'number')
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'signatureSubscribe', params: [signature] }))
      const second = JSON.parse(await ws.next()).result
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'signatureUnsubscribe', params: [second] }))
      assert.equal(JSON.parse(await ws.next()).result, true)

      await connection.sendRawTransaction(transaction.serialize())
      const notification = JSON.parse(await ws.next())
      assert.equal(notification.method, 'signatureNotification')
      assert.equal(notification.params.subscription, subscribed.result)
      assert.deepEqual(notification.params.result.value, { err: null })
      // One-shot: the subscription is gone after it fired.
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'signatureUnsubscribe', params: [subscribed.result] }))
      assert.equal(JSON.parse(await ws.next()).result, false)
      // Subscribing to an already processed transaction fires at once.
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'signatureSubscribe', params: [signature] }))
      assert.equal(JSON.parse(await ws.next()).id, 6)
      assert.equal(JSON.parse(await ws.next()).method, 'signatureNotification')
    } finally {
      ws.socket.destroy()
    }
  })

  it('stop() closes both ports', async () => {
    const other = await startSolanaDevnet()
    await other.stop()
    await other.stop()
    await assert.rejects(fetch(other.rpcUrl, { method: 'POST', body: '{}' }))
    await assert.rejects(fetch(other.wsUrl.replace('ws:', 'http:')))
  })
})
