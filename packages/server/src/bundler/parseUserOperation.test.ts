// What the bundler accepts as a user operation (JSON-RPC v0.7/v0.8 form): every field checked, a
// clear -32602 naming the first bad one, gas required to send but not to estimate, EIP-7702
// refused; the result is viem's form (bigints, checksummed sender).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { BundlerError } from './BundlerError.js'
import { MAX_USER_OPERATION_BYTES, parseUserOperation } from './parseUserOperation.js'

const sender = '0x5af35325d23571cc65d03bfaa523e3dcf75e10eb'
const base = { sender, nonce: '0x0', callData: '0x', signature: `0x${'aa'.repeat(65)}` }
const gas = { callGasLimit: '0x5208', verificationGasLimit: '0x10000', preVerificationGas: '0xc350', maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' }

const refused = (value: unknown, requireGas: boolean, message: RegExp) =>
  assert.throws(
    () => parseUserOperation(value, requireGas),
    (e: unknown) => e instanceof BundlerError && e.code === -32602 && message.test(e.message)
  )

describe('parseUserOperation', () => {
  it('reads an operation into viem form: bigints, a checksummed sender, 0 for gas left out when estimating', () => {
    const op = parseUserOperation({ ...base, nonce: '0x1a' }, false)
    assert.equal(op.sender, '0x5Af35325D23571CC65d03bfaA523E3dCF75E10EB')
    assert.equal(op.nonce, 26n)
    assert.equal(op.callGasLimit, 0n)
    assert.equal(op.factory, undefined)
    const sent = parseUserOperation({ ...base, ...gas, factory: sender, factoryData: '0x1234' }, true)
    assert.equal(sent.callGasLimit, 21000n)
    assert.equal(sent.maxFeePerGas, 1_000_000_000n)
    assert.equal(sent.factoryData, '0x1234')
  })

  it('names the first bad field, and what sending needs', () => {
    refused('nope', false, /Invalid user operation/)
    refused({ ...base, sender: '0x12' }, false, /field sender/)
    refused({ ...base, nonce: '12' }, false, /field nonce/)
    refused({ ...base, callData: '0x123' }, false, /field callData: hex bytes/)
    refused({ ...base, callGasLimit: `0x1${'0'.repeat(32)}` }, false, /at most 128 bits/)
    refused({ ...base, callData: `0x${'00'.repeat(MAX_USER_OPERATION_BYTES + 1)}` }, false, /at most 32768 bytes/)
    refused(base, true, /field callGasLimit: required to send/)
    refused({ ...base, ...gas, factory: sender }, true, /factoryData: required with factory/)
    refused({ ...base, eip7702Auth: { address: sender } }, false, /EIP-7702/)
  })
})
