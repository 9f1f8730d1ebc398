import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import { encodeFunctionData, erc20Abi, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ApiError } from '../http/ApiError.js'
import { describeRequest } from './describeRequest.js'
import { signEmbeddedRequest } from './signEmbeddedRequest.js'

// The approval as a hostile page on an allowed origin attacks it: each request below is built to
// sign or send more than Approve shows. What Approve shows (describeRequest) and what is signed
// (signEmbeddedRequest) read the same checked values, so each attack is either shown in full or
// refused by both.

/** A node that is not there: token reads and fee estimates fail fast, as on a flaky network. */
const evm = { caipNetworkId: 'eip155:31337', name: 'Devnet', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
const solana = {
  caipNetworkId: 'solana:test',
  name: 'Solana Devnet',
  rpcUrl: 'http://127.0.0.1:1',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }
}
const keys = { eip155: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as Hex, solana: ed25519.utils.randomPrivateKey() }
const me = privateKeyToAccount(keys.eip155).address
const attacker = '0x000000000000000000000000000000000000dEaD'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const rowValue = (rows: { label: string; value: string }[], label: string) => rows.find(r => r.label === label)?.value
const refusedBySigning = async (request: Parameters<typeof signEmbeddedRequest>[0], pattern: RegExp) =>
  assert.rejects(
    signEmbeddedRequest(request, { ...keys, solana: keys.solana.slice() }, 500),
    (error: unknown) => error instanceof ApiError && error.status === 400 && pattern.test(error.reason)
  )

describe('the approval shows everything it signs (attacks)', () => {
  it('attack: 100 ETH sent along with an ERC-20 transfer of 1 unit is shown, with a warning', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [attacker, 1_000_000n] })
    const d = await describeRequest(
      { method: 'eth_sendTransaction', params: [{ from: me, to: token, data, value: '0x' + parseEther('100').toString(16) }], chain: evm },
      500
    )
    assert.equal(d.refused, undefined)
    assert.equal(rowValue(d.rows, 'To'), attacker)
    assert.equal(rowValue(d.rows, 'Amount'), '100 ETH')
    assert.equal(rowValue(d.rows, 'Warning'), `This call also sends 100 ETH to ${token}`)
  })

  it('attack: an unknown contract call is shown with every byte of its data', async () => {
    const data = ('0x12345678' + 'ab'.repeat(3000)) as Hex
    const d = await describeRequest({ method: 'eth_sendTransaction', params: [{ to: attacker, data }], chain: evm }, 500)
    assert.equal(rowValue(d.rows, 'Contract data'), data)
    assert.match(rowValue(d.rows, 'Function') ?? '', /^0x12345678 /)
    assert.equal(rowValue(d.rows, 'Amount'), '0 ETH')
  })

  it('attack: an unlimited approval and a collection-wide approval are named as such', async () => {
    const unlimited = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [attacker, 2n ** 256n - 1n] })
    const a = await describeRequest({ method: 'eth_sendTransaction', params: [{ to: token, data: unlimited }], chain: evm }, 500)
    assert.equal(a.title, 'Approve token spending')
    assert.equal(rowValue(a.rows, 'Allow spending'), 'Unlimited tokens')
    assert.equal(rowValue(a.rows, 'Spender'), attacker)
    const all = encodeFunctionData({
      abi: [{ type: 'function', name: 'setApprovalForAll', inputs: [{ type: 'address' }, { type: 'bool' }], outputs: [], stateMutability: 'nonpayable' }],
      args: [attacker, true]
    })
    const b = await describeRequest({ method: 'eth_sendTransaction', params: [{ to: token, data: all }], chain: evm }, 500)
    assert.equal(rowValue(b.rows, 'Allow moving all your tokens of'), token)
    assert.equal(rowValue(b.rows, 'Operator'), attacker)
  })

  it('attack: transaction fields the wallet does not show (access list, authorization list) are refused, not dropped', async () => {
    const params = [{ to: attacker, value: '0x1', authorizationList: [{ address: attacker }] }]
    const d = await describeRequest({ method: 'eth_sendTransaction', params, chain: evm }, 500)
    assert.match(d.refused ?? '', /authorizationList is not supported/)
    await refusedBySigning({ method: 'eth_sendTransaction', params, chain: evm }, /authorizationList is not supported/)
  })

  it('attack: a batch hides calls past the 20th: refused whole, and every call of a smaller one is shown with its amount', async () => {
    const call = { to: attacker, value: '0x' + parseEther('1').toString(16) }
    const big = await describeRequest(
      { method: 'wallet_sendCalls', params: [{ from: me, calls: Array.from({ length: 21 }, () => call) }], chain: evm },
      500,
      true
    )
    assert.match(big.refused ?? '', /a batch has 1 to 20 calls; this one has 21/)
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [attacker, 5n] })
    const small = await describeRequest({ method: 'wallet_sendCalls', params: [{ from: me, calls: [{ to: token, data }, call] }], chain: evm }, 500, true)
    assert.equal(rowValue(small.rows, '1. To'), attacker)
    assert.equal(rowValue(small.rows, '1. Amount'), '0 ETH')
    assert.equal(rowValue(small.rows, '2. Amount'), '1 ETH')
    assert.equal(rowValue(small.rows, 'Total amount'), '1 ETH')
  })

  it("the key's own account: a batch that must be atomic is refused by both; one the site lets go call by call is shown as such", async () => {
    const calls = [
      { to: attacker, value: '0x1' },
      { to: token, value: '0x2' }
    ]
    const atomic = await describeRequest({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: me, atomicRequired: true, calls }], chain: evm }, 500)
    assert.match(atomic.refused ?? '', /^This account cannot make calls atomically/)
    await refusedBySigning(
      { method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: me, atomicRequired: true, calls }], chain: evm },
      /cannot make calls atomically/
    )
    // Before EIP-5792 2.0.0 there was no atomicRequired: a batch was one transaction.
    assert.match(
      (await describeRequest({ method: 'wallet_sendCalls', params: [{ from: me, calls }], chain: evm }, 500)).refused ?? '',
      /cannot make calls atomically/
    )
    const loose = await describeRequest({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: me, atomicRequired: false, calls }], chain: evm }, 500)
    assert.equal(loose.refused, undefined)
    assert.equal(loose.title, 'Approve 2 calls, one after another')
    assert.match(rowValue(loose.rows, 'Calls') ?? '', /^2, sent one after another as 2 transactions: if one fails, the ones after it are not sent/)
    assert.equal(rowValue(loose.rows, '2. To'), token)
    // One call is one transaction: atomic whatever the account.
    const one = await describeRequest(
      { method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: me, atomicRequired: true, calls: [calls[0]] }], chain: evm },
      500
    )
    assert.equal(one.title, 'Approve 1 call at once')
    // The smart account makes them together.
    const smart = await describeRequest(
      { method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: me, atomicRequired: true, calls }], chain: evm },
      500,
      true
    )
    assert.equal(rowValue(smart.rows, 'Calls'), '2, made together in one transaction (all or none)')
    assert.match(
      (await describeRequest({ method: 'wallet_sendCalls', params: [{ from: me, atomicRequired: 'yes', calls }], chain: evm }, 500, true)).refused ?? '',
      /atomicRequired must be true or false/
    )
  })

  it('permissions (ERC-7715) and site-built user operations are not described for signing', async () => {
    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions', 'eth_sendUserOperation']) {
      assert.match((await describeRequest({ method, params: [{}], chain: evm }, 500)).refused ?? '', /is not supported by this wallet/, method)
      await refusedBySigning({ method, params: [{}], chain: evm }, /is not supported by this wallet/)
    }
  })

  describe('typed data', () => {
    const permit = {
      domain: { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: token },
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' }
        ]
      },
      primaryType: 'Permit',
      message: { owner: me, spender: attacker, value: '1000000000', nonce: '0', deadline: '99999999999' }
    }

    it("attack: 26 decoy keys push a Permit's spender off screen: keys outside the types are refused by both", async () => {
      const decoys = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`aNote${i}`, 'harmless']))
      const params = [me, JSON.stringify({ ...permit, message: { ...decoys, ...permit.message } })]
      const d = await describeRequest({ method: 'eth_signTypedData_v4', params, chain: evm }, 500)
      assert.match(d.refused ?? '', /aNote0 is not a field of Permit, so it would be shown but not signed/)
      await refusedBySigning({ method: 'eth_signTypedData_v4', params, chain: evm }, /aNote0 is not a field of Permit/)
    })

    it('shows every field of the primary type in its order, nothing cut, and a domain field EIP-712 does not sign is refused', async () => {
      const d = await describeRequest({ method: 'eth_signTypedData_v4', params: [me, JSON.stringify(permit)], chain: evm }, 500)
      assert.equal(d.title, 'Sign typed data: Permit')
      assert.deepEqual(
        d.rows.map(r => r.label),
        ['Network', 'Domain name', 'Domain version', 'Domain chainId', 'Domain verifyingContract', 'owner', 'spender', 'value', 'nonce', 'deadline']
      )
      assert.equal(rowValue(d.rows, 'spender'), attacker)
      const hidden = await describeRequest(
        { method: 'eth_signTypedData_v4', params: [me, { ...permit, domain: { ...permit.domain, note: 'x' } }], chain: evm },
        500
      )
      assert.match(hidden.refused ?? '', /the domain field note is not one EIP-712 signs/)
      const elsewhere = await describeRequest(
        { method: 'eth_signTypedData_v4', params: [me, { ...permit, domain: { ...permit.domain, chainId: 1 } }], chain: evm },
        500
      )
      assert.match(elsewhere.refused ?? '', /typed data is for chain 1, not this network \(31337\)/)
    })

    it('a long list is shown whole (nested structs and arrays unfolded); past 500 values it is refused, never cut', async () => {
      const types = {
        Order: [{ name: 'items', type: 'Item[]' }],
        Item: [
          { name: 'to', type: 'address' },
          { name: 'amount', type: 'uint256' }
        ]
      }
      const order = (n: number) => ({
        types,
        primaryType: 'Order',
        domain: { chainId: 31337 },
        message: { items: Array.from({ length: n }, (_, i) => ({ to: attacker, amount: String(i) })) }
      })
      const d = await describeRequest({ method: 'eth_signTypedData_v4', params: [me, order(200)], chain: evm }, 500)
      assert.equal(d.rows.filter(r => r.label.startsWith('items[')).length, 400)
      assert.equal(rowValue(d.rows, 'items[199].amount'), '199')
      const tooMany = await describeRequest({ method: 'eth_signTypedData_v4', params: [me, order(251)], chain: evm }, 500)
      assert.match(tooMany.refused ?? '', /more than 500 values/)
    })
  })

  describe('Solana', () => {
    const payer = Keypair.fromSeed(keys.solana)
    const blockhash = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k'
    const drain = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(Keypair.generate().publicKey), lamports: 5_000_000_000 })
    )

    it('attack: a transaction message passed to solana_signMessage is refused by Approve and by signing', async () => {
      const params = { message: base58.encode(drain.serializeMessage()), pubkey: payer.publicKey.toBase58() }
      const d = await describeRequest({ method: 'solana_signMessage', params, chain: solana }, 500)
      assert.match(d.refused ?? '', /signs text only: these bytes are a transaction message/)
      await refusedBySigning({ method: 'solana_signMessage', params, chain: solana }, /signs text only/)
    })

    it('attack: binary bytes as a message are refused; text is signed and verifies', async () => {
      await refusedBySigning(
        { method: 'solana_signMessage', params: { message: base58.encode(new Uint8Array([0xff, 0x00, 0x13])) }, chain: solana },
        /not UTF-8 text|control characters/
      )
      const text = new TextEncoder().encode('Sign in to example.com\nNonce: 42')
      const d = await describeRequest({ method: 'solana_signMessage', params: { message: base58.encode(text) }, chain: solana }, 500)
      assert.equal(d.message, 'Sign in to example.com\nNonce: 42')
      const { signature } = (await signEmbeddedRequest(
        { method: 'solana_signMessage', params: { message: base58.encode(text) }, chain: solana },
        { ...keys, solana: keys.solana.slice() },
        500
      )) as { signature: string }
      assert.equal(ed25519.verify(base58.decode(signature), text, payer.publicKey.toBytes()), true)
    })

    it('attack: an instruction of an unknown program is flagged, and a priority fee is counted in the fee', async () => {
      const program = Keypair.generate().publicKey
      const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
        ComputeBudgetProgram.setComputeUnitLimit({ units: 300_000 }),
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 }),
        new TransactionInstruction({ programId: program, keys: [{ pubkey: payer.publicKey, isSigner: true, isWritable: true }], data: Buffer.from([1, 2, 3]) })
      )
      const d = await describeRequest(
        {
          method: 'solana_signAndSendTransaction',
          params: { transaction: base64.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false })) },
          chain: solana
        },
        500
      )
      assert.equal(rowValue(d.rows, 'Unknown program'), `${program.toBase58()}: what it does cannot be shown (data 3 bytes: 010203)`)
      // 5000 lamports for the signature + 300,000 units at 1 lamport each.
      assert.equal(rowValue(d.rows, 'Network fee'), '0.000305 SOL')
    })

    it('solana_signAllTransactions: each transaction shown as solana_signTransaction shows it, numbered; all signed, or none', async () => {
      const serialize = (t: Transaction) => base64.encode(t.serialize({ requireAllSignatures: false, verifySignatures: false }))
      const other = Keypair.generate()
      const pay = (lamports: number) =>
        new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
          SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: other.publicKey, lamports })
        )
      const [first, second] = [pay(1_000_000_000), pay(2_000_000_000)]
      const params = { transactions: [serialize(first), serialize(second)] }
      const d = await describeRequest({ method: 'solana_signAllTransactions', params, chain: solana }, 500, false, payer.publicKey.toBase58())
      assert.equal(d.refused, undefined)
      assert.equal(d.title, 'Sign 2 Solana transactions')
      assert.equal(rowValue(d.rows, 'Transactions'), '2, all signed together (all or none); this site sends them')
      const alone = await describeRequest({ method: 'solana_signTransaction', params: { transaction: serialize(second) }, chain: solana }, 500)
      assert.deepEqual(
        d.rows.filter(r => r.label.startsWith('2. ')).map(r => ({ ...r, label: r.label.slice(3) })),
        alone.rows.filter(r => r.label !== 'Network')
      )
      const { transactions } = (await signEmbeddedRequest(
        { method: 'solana_signAllTransactions', params, chain: solana },
        { ...keys, solana: keys.solana.slice() },
        500
      )) as { transactions: string[] }
      assert.equal(transactions.length, 2)
      for (const [i, t] of [first, second].entries()) {
        const signed = Transaction.from(base64.decode(transactions[i]!))
        assert.equal(ed25519.verify(signed.signatures[0]!.signature!, t.serializeMessage(), payer.publicKey.toBytes()), true)
      }

      // One the person does not sign: Approve refuses the whole request, and so does the signing (nothing comes back).
      const foreign = new Transaction({ feePayer: other.publicKey, recentBlockhash: blockhash }).add(
        SystemProgram.transfer({ fromPubkey: other.publicKey, toPubkey: payer.publicKey, lamports: 1 })
      )
      const mixed = { transactions: [serialize(first), serialize(foreign)] }
      assert.equal(
        (await describeRequest({ method: 'solana_signAllTransactions', params: mixed, chain: solana }, 500, false, payer.publicKey.toBase58())).refused,
        'transaction 2: this account is not a signer of the transaction'
      )
      await refusedBySigning({ method: 'solana_signAllTransactions', params: mixed, chain: solana }, /not a signer/)
      // Bounded, and never empty.
      assert.match(
        (
          await describeRequest(
            { method: 'solana_signAllTransactions', params: { transactions: Array.from({ length: 21 }, () => serialize(first)) }, chain: solana },
            500
          )
        ).refused ?? '',
        /1 to 20 transactions/
      )
      assert.match(
        (await describeRequest({ method: 'solana_signAllTransactions', params: { transactions: [] }, chain: solana }, 500)).refused ?? '',
        /a list of base64 transactions/
      )
      assert.match(
        (await describeRequest({ method: 'solana_signAllTransactions', params: { transactions: [serialize(first), 'not base64!'] }, chain: solana }, 500))
          .refused ?? '',
        /^transaction 2: transaction must be base64/
      )
    })

    it('a single transaction the person does not sign is refused before Approve, not after', async () => {
      const stranger = Keypair.generate()
      const tx = new Transaction({ feePayer: stranger.publicKey, recentBlockhash: blockhash }).add(
        SystemProgram.transfer({ fromPubkey: stranger.publicKey, toPubkey: payer.publicKey, lamports: 1 })
      )
      const d = await describeRequest(
        {
          method: 'solana_signTransaction',
          params: { transaction: base64.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false })) },
          chain: solana
        },
        500,
        false,
        payer.publicKey.toBase58()
      )
      assert.equal(d.refused, 'this account is not a signer of the transaction')
    })

    it('decodes SPL token transfers, allowances and authority changes (Token and Token-2022) and associated-account creation', async () => {
      const [mint, source, dest, delegate] = Array.from({ length: 4 }, () => Keypair.generate().publicKey)
      const u64 = (n: bigint) => {
        const b = Buffer.alloc(8)
        b.writeBigUInt64LE(n)
        return b
      }
      const tokenIx = (programId: string, data: Buffer, keys: PublicKey[]) =>
        new TransactionInstruction({
          programId: new PublicKey(programId),
          keys: keys.map((pubkey, i) => ({ pubkey, isSigner: i === keys.length - 1 && pubkey.equals(payer.publicKey), isWritable: true })),
          data
        })
      const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
        tokenIx('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', Buffer.from([1]), [payer.publicKey, dest!, delegate!, mint!]),
        tokenIx('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', Buffer.concat([Buffer.from([12]), u64(2_500_000n), Buffer.from([6])]), [
          source!,
          mint!,
          dest!,
          payer.publicKey
        ]),
        tokenIx('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', Buffer.concat([Buffer.from([4]), u64(7n)]), [source!, delegate!, payer.publicKey]),
        tokenIx('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', Buffer.concat([Buffer.from([6, 2, 1]), delegate!.toBuffer()]), [source!, payer.publicKey])
      )
      const d = await describeRequest(
        {
          method: 'solana_signTransaction',
          params: { transaction: base64.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false })) },
          chain: solana
        },
        500
      )
      assert.equal(
        rowValue(d.rows, 'Open token account'),
        `${dest!.toBase58()} of ${delegate!.toBase58()} for mint ${mint!.toBase58()}, paid by ${payer.publicKey.toBase58()}`
      )
      assert.equal(rowValue(d.rows, 'Send tokens'), `2.5 of mint ${mint!.toBase58()}`)
      assert.equal(rowValue(d.rows, 'Allow spending'), `7 base units of ${source!.toBase58()}`)
      assert.equal(rowValue(d.rows, 'Change authority'), `who may own the account on ${source!.toBase58()}: now ${delegate!.toBase58()}`)
      assert.equal(
        d.rows.some(r => r.label === 'Unknown program'),
        false
      )
    })
  })
})
