import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { WALLET_ACCOUNT } from '../constants.js'
import { buildApprovalNamespaces, eip155Id, WC_WALLET_EVENTS, WC_WALLET_METHODS } from './buildApprovalNamespaces.js'

const DEVNET = [31337, 31338]
const ns = (chains: string[], methods: string[] = ['personal_sign'], events: string[] = []) => ({ chains, methods, events })

describe('buildApprovalNamespaces', () => {
  it('approves the requested devnet chains (required and optional, dapp order) with every method and event', () => {
    const result = buildApprovalNamespaces(
      { requiredNamespaces: {}, optionalNamespaces: { eip155: ns(['eip155:1', 'eip155:31338', 'eip155:31337']) } },
      DEVNET,
      WALLET_ACCOUNT
    )
    assert.deepEqual(result, {
      ok: true,
      chainIds: [31338, 31337],
      namespaces: {
        eip155: {
          chains: ['eip155:31338', 'eip155:31337'],
          accounts: [`eip155:31338:${WALLET_ACCOUNT}`, `eip155:31337:${WALLET_ACCOUNT}`],
          methods: [...WC_WALLET_METHODS],
          events: [...WC_WALLET_EVENTS]
        }
      }
    })
    const merged = buildApprovalNamespaces(
      { requiredNamespaces: { eip155: ns(['eip155:31337']) }, optionalNamespaces: { 'eip155:31338': ns([]), 'eip155:31337': ns([]) } },
      DEVNET,
      WALLET_ACCOUNT
    )
    assert.ok(merged.ok)
    assert.deepEqual(merged.chainIds, [31337, 31338])
  })

  it('refuses with UNSUPPORTED_CHAINS when no requested chain runs on the devnet', () => {
    const proposals: Parameters<typeof buildApprovalNamespaces>[0][] = [
      { requiredNamespaces: {}, optionalNamespaces: { eip155: ns(['eip155:1']) } },
      { requiredNamespaces: {}, optionalNamespaces: { solana: ns(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) } },
      { requiredNamespaces: {}, optionalNamespaces: {} }
    ]
    for (const proposal of proposals) {
      const result = buildApprovalNamespaces(proposal, DEVNET, WALLET_ACCOUNT)
      assert.equal(result.ok, false)
      assert.equal(!result.ok && result.reason, 'UNSUPPORTED_CHAINS')
    }
  })

  it('refuses requirements it cannot meet, naming the SDK error', () => {
    const optionalNamespaces = { eip155: ns(['eip155:31337']) }
    const cases = [
      [{ eip155: ns(['eip155:31337', 'eip155:1']) }, 'UNSUPPORTED_CHAINS'],
      [{ cosmos: ns(['cosmos:cosmoshub-4']) }, 'UNSUPPORTED_NAMESPACE_KEY'],
      [{ eip155: ns(['eip155:31337'], ['eth_signTransaction']) }, 'UNSUPPORTED_METHODS'],
      [{ eip155: ns(['eip155:31337'], [], ['message']) }, 'UNSUPPORTED_EVENTS']
    ] as const
    for (const [requiredNamespaces, reason] of cases) {
      const result = buildApprovalNamespaces({ requiredNamespaces, optionalNamespaces }, DEVNET, WALLET_ACCOUNT)
      assert.equal(!result.ok && result.reason, reason)
    }
  })

  it('reads eip155 chain ids', () => {
    assert.equal(eip155Id('eip155:31337'), 31337)
    assert.equal(eip155Id('eip155:0x7a69'), undefined)
    assert.equal(eip155Id('solana:31337'), undefined)
  })
})
