import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { RPC_ALLOW_LIST, isRpcMethodAllowed } from './rpcAllowList.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

// The RPC proxy forwards a method only when the chain's namespace lists it: whatever chain id and
// method a caller sends, the check never throws, never lets through an unlisted method, and never
// lets through a method that signs, manages accounts or administers the node.

const NEVER = [
  'eth_sign',
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_signTypedData_v4',
  'eth_accounts',
  'eth_requestAccounts',
  'personal_unlockAccount',
  'admin_addPeer',
  'debug_traceTransaction',
  'miner_start',
  'anvil_setBalance',
  'requestAirdrop'
]

describe('RPC allow-list (properties)', () => {
  it('allows only listed methods, and never a signing, account or admin method', () => {
    const namespace = fc.oneof(
      fc.constantFrom('eip155', 'solana', 'bip122', 'EIP155', '', '__proto__', 'constructor', 'toString', 'hasOwnProperty'),
      fc.string({ maxLength: 10 })
    )
    const chainId = fc.tuple(namespace, fc.string({ maxLength: 12 }), fc.boolean()).map(([ns, ref, colon]) => (colon ? `${ns}:${ref}` : ns))
    const method = fc.oneof(fc.constantFrom(...NEVER, ...Object.values(RPC_ALLOW_LIST).flatMap(s => [...s])), fc.string({ maxLength: 40 }))
    fc.assert(
      fc.property(chainId, method, (chain, m) => {
        const allowed = isRpcMethodAllowed(chain, m)
        if (!allowed) return
        assert.ok(!NEVER.includes(m), m)
        assert.ok(RPC_ALLOW_LIST[chain.split(':')[0]!]?.has(m), `${chain} ${m}`)
      }),
      { numRuns: 2000 }
    )
  })
})
