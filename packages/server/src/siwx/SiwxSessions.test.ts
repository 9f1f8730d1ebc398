// How sessions are looked up by address: case-insensitively only where the address format is.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { WALLET_ACCOUNT, deriveDevnetBitcoinKeys } from '@wallet-modal/devnet'
import { addressKey } from './SiwxSessions.js'

describe('addressKey', () => {
  // The devnet Bitcoin wallet's payment key (the public BIP test mnemonic), on Regtest.
  const [payment] = deriveDevnetBitcoinKeys('Regtest')

  it('looks addresses up case-insensitively only where the format is: hex and real bech32, not base58 lookalikes', () => {
    assert.equal(addressKey(payment!.address.toUpperCase()), payment!.address)
    assert.equal(addressKey(WALLET_ACCOUNT), WALLET_ACCOUNT.toLowerCase())
    // A base58 (Solana) address may start with "bc1"; its case is part of it.
    const lookalike = 'bc1AbCdEfGhJkLmNpQrStUvWxYz23456789AbCd'
    assert.equal(addressKey(lookalike), lookalike)
  })
})
