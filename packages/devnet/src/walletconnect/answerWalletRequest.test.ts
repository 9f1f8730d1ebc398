import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { toHex, verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEVNET_ACCOUNTS, WALLET_ACCOUNT, WALLET_PRIVATE_KEY } from '../constants.js'
import { RpcError } from '../RpcError.js'
import { answerWalletRequest, type WalletRequestContext } from './answerWalletRequest.js'
import { parseTransactionRequest } from './sendWalletTransaction.js'

const account = privateKeyToAccount(WALLET_PRIVATE_KEY)

function context(overrides: Partial<WalletRequestContext> = {}): WalletRequestContext & { switched: number[]; sent: unknown[] } {
  const switched: number[] = []
  const sent: unknown[] = []
  return {
    account,
    chainId: 31337,
    sessionChainIds: [31337, 31338],
    sendTransaction: async (_chainId, tx) => {
      sent.push(tx)
      return `0x${'1'.repeat(64)}`
    },
    switchChain: async chainId => {
      switched.push(chainId)
    },
    switched,
    sent,
    ...overrides
  }
}

const rejectsWith = (promise: Promise<unknown>, code: number, message?: RegExp) =>
  assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof RpcError, String(error))
    assert.equal(error.code, code)
    if (message) assert.match(error.message, message)
    return true
  })

describe('answerWalletRequest', () => {
  it('holds the key of WALLET_ACCOUNT', () => {
    assert.equal(account.address, WALLET_ACCOUNT)
  })

  it('signs personal_sign whichever way round the dapp puts message and address, and eth_sign', async () => {
    const message = toHex('hello devnet')
    for (const params of [
      [message, WALLET_ACCOUNT],
      [WALLET_ACCOUNT, message],
      [message, WALLET_ACCOUNT.toLowerCase()]
    ]) {
      const signature = (await answerWalletRequest('personal_sign', params, context())) as Hex
      assert.equal(await verifyMessage({ address: WALLET_ACCOUNT, message: { raw: message }, signature }), true)
    }
    const signature = (await answerWalletRequest('eth_sign', [WALLET_ACCOUNT, message], context())) as Hex
    assert.equal(await verifyMessage({ address: WALLET_ACCOUNT, message: { raw: message }, signature }), true)
  })

  it('refuses to sign for another account (4100) or without an address (-32602)', async () => {
    await rejectsWith(answerWalletRequest('personal_sign', ['0x00', DEVNET_ACCOUNTS[0]], context()), 4100)
    await rejectsWith(answerWalletRequest('personal_sign', ['0x00'], context()), -32602)
    await rejectsWith(answerWalletRequest('eth_signTypedData_v4', [WALLET_ACCOUNT, '{nope'], context()), -32602, /not valid JSON/)
    await rejectsWith(answerWalletRequest('eth_signTypedData_v4', [WALLET_ACCOUNT, { types: {} }], context()), -32602)
  })

  it('answers unknown methods with 4200', async () => {
    await rejectsWith(answerWalletRequest('eth_signTransaction', [{}], context()), 4200, /does not support eth_signTransaction/)
  })

  it('switches to chains in the session only (else 4902), emitting before it answers', async () => {
    const ctx = context()
    assert.equal(await answerWalletRequest('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }], ctx), null)
    assert.deepEqual(ctx.switched, [31338])
    await rejectsWith(answerWalletRequest('wallet_switchEthereumChain', [{ chainId: '0x1' }], ctx), 4902, /0x7a69/)
    await rejectsWith(answerWalletRequest('wallet_switchEthereumChain', [{ chainId: 1 }], ctx), -32602)
    assert.equal(await answerWalletRequest('wallet_addEthereumChain', [{ chainId: '0x7a69' }], ctx), null)
    await rejectsWith(answerWalletRequest('wallet_addEthereumChain', [{ chainId: '0xa' }], ctx), 4200)
    assert.deepEqual(ctx.switched, [31338])
  })

  it('answers eth_chainId, eth_accounts, and hands transactions to the sender', async () => {
    assert.equal(await answerWalletRequest('eth_chainId', [], context({ chainId: 31338 })), '0x7a6a')
    assert.deepEqual(await answerWalletRequest('eth_accounts', [], context()), [WALLET_ACCOUNT])
    const ctx = context()
    const tx = { to: DEVNET_ACCOUNTS[3], value: '0x1' }
    assert.match(String(await answerWalletRequest('eth_sendTransaction', [tx], ctx)), /^0x1{64}$/)
    assert.deepEqual(ctx.sent, [tx])
  })
})

describe('parseTransactionRequest', () => {
  it('converts hex quantities and checks addresses', () => {
    assert.deepEqual(
      parseTransactionRequest(
        { from: WALLET_ACCOUNT.toLowerCase(), to: DEVNET_ACCOUNTS[3], value: '0x10', gas: '0x5208', input: '0xabcd', nonce: '0x2', chainId: '0x7a69' },
        WALLET_ACCOUNT
      ),
      { to: DEVNET_ACCOUNTS[3], value: 16n, gas: 21000n, data: '0xabcd', nonce: 2 }
    )
    assert.throws(() => parseTransactionRequest({ from: DEVNET_ACCOUNTS[0] }, WALLET_ACCOUNT), { code: 4100 })
    assert.throws(() => parseTransactionRequest({ to: '0x123' }, WALLET_ACCOUNT), { code: -32602 })
    assert.throws(() => parseTransactionRequest({ value: 10 }, WALLET_ACCOUNT), { code: -32602 })
    assert.throws(() => parseTransactionRequest('0x00', WALLET_ACCOUNT), { code: -32602 })
  })
})
