import { expect } from 'chai'
import { toBitcoinAccounts } from './toBitcoinAccounts.js'

describe('toBitcoinAccounts', () => {
  const payment = { address: 'bcrt1qpayment', publicKey: '02aa', purpose: 'payment', addressType: 'p2wpkh' }
  const ordinals = { address: 'bcrt1pordinal', publicKey: '03bb', purpose: 'ordinals', addressType: 'p2tr' }

  it('keeps a wallet’s BIP-32 derivation path as the account’s path (spec §3), payment and ordinal alike', () => {
    const accounts = toBitcoinAccounts({
      addresses: [
        { ...payment, derivationPath: "m/84'/1'/0'/0/0" },
        { ...ordinals, derivationPath: 'm/86h/1h/0h/0/1' }
      ]
    })
    expect(accounts).to.deep.equal([
      { namespace: 'bip122', address: 'bcrt1qpayment', publicKey: '02aa', path: "m/84'/1'/0'/0/0", type: 'payment' },
      { namespace: 'bip122', address: 'bcrt1pordinal', publicKey: '03bb', path: 'm/86h/1h/0h/0/1', type: 'ordinal' }
    ])
  })

  it('has no path when the wallet gives none (sats-connect defines none) or gives something that is not a path', () => {
    const accounts = toBitcoinAccounts([payment, { ...ordinals, derivationPath: '<img src=x>' }, { ...ordinals, derivationPath: 42 }])
    expect(accounts.map(a => 'path' in a)).to.deep.equal([false, false, false])
  })

  it('puts the payment account first and the ordinals account second, whatever order the wallet answered in (spec §9)', () => {
    expect(toBitcoinAccounts([ordinals, payment]).map(a => a.type)).to.deep.equal(['payment', 'ordinal'])
    expect(toBitcoinAccounts({ addresses: [ordinals, payment] }).map(a => a.address)).to.deep.equal(['bcrt1qpayment', 'bcrt1pordinal'])
  })

  it('leaves out other purposes and malformed entries', () => {
    expect(
      toBitcoinAccounts([{ address: 'SP1', publicKey: '02', purpose: 'stacks' }, { address: 1, publicKey: '02', purpose: 'payment' }, null])
    ).to.deep.equal([])
    expect(toBitcoinAccounts({})).to.deep.equal([])
  })
})
