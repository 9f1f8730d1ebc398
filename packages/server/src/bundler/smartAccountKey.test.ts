// The bundler's operator key and the paymaster's signer key come from the environment or a file
// (as the key-encryption key does), before the config file's plaintext value, which stays for the
// devnet; a server configured without either refuses to start, and no error shows a key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { ChainConfig } from '../config/ServerConfig.js'
import { parseServerConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import { createBundlers } from './createBundlers.js'
import { createPaymasters } from './createPaymasters.js'
import type { LocalBundler } from './LocalBundler.js'
import { BUNDLER_KEY_ENV, PAYMASTER_KEY_ENV, smartAccountKey } from './smartAccountKey.js'

const ADDRESS = '0x0000000000000000000000000000000000000001'
/** The bundlers and paymasters only keep the store when made: nothing is queried here. */
const store = {} as Store

describe('smart-account keys from the environment or a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-modal-keys-'))
  after(() => rmSync(dir, { recursive: true, force: true }))
  const chainWith = (bundler: { operatorKey?: string }, signerKey?: string): ChainConfig => ({
    caipNetworkId: 'eip155:31337',
    name: 'Devnet',
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    smartAccounts: { entryPoint: ADDRESS, accountFactory: ADDRESS, bundler, paymaster: { address: ADDRESS, ...(signerKey ? { signerKey } : {}) } }
  })
  const operatorOf = (chain: ChainConfig, env: Record<string, string>) =>
    (createBundlers([chain], store, 1000, env).get('eip155:31337') as LocalBundler).operatorAddress
  const signerOf = (chain: ChainConfig, env: Record<string, string>) => createPaymasters([chain], store, 1000, env).get('eip155:31337')!.signerAddress

  it('reads the operator and signer keys from the environment, before the config', () => {
    const [operator, signer, configured] = [generatePrivateKey(), generatePrivateKey(), generatePrivateKey()]
    const env = { [BUNDLER_KEY_ENV]: operator, [PAYMASTER_KEY_ENV]: ` ${signer}\n` }
    assert.equal(operatorOf(chainWith({}), env), privateKeyToAccount(operator).address)
    assert.equal(operatorOf(chainWith({ operatorKey: configured }), env), privateKeyToAccount(operator).address, 'the environment wins')
    assert.equal(signerOf(chainWith({}, configured), env), privateKeyToAccount(signer).address)
  })

  it('reads them from a file named by …_FILE (a mounted secret)', () => {
    const [operator, signer] = [generatePrivateKey(), generatePrivateKey()]
    writeFileSync(join(dir, 'operator'), `${operator}\n`, { mode: 0o600 })
    writeFileSync(join(dir, 'signer'), signer, { mode: 0o600 })
    const env = { [`${BUNDLER_KEY_ENV}_FILE`]: join(dir, 'operator'), [`${PAYMASTER_KEY_ENV}_FILE`]: join(dir, 'signer') }
    assert.equal(operatorOf(chainWith({}), env), privateKeyToAccount(operator).address)
    assert.equal(signerOf(chainWith({}), env), privateKeyToAccount(signer).address)
  })

  it("keeps the config's plaintext key working (the devnet), and refuses to start with no key at all", () => {
    const configured = generatePrivateKey()
    assert.equal(operatorOf(chainWith({ operatorKey: configured }), {}), privateKeyToAccount(configured).address)
    assert.throws(() => operatorOf(chainWith({}), {}), /No key for the bundler of eip155:31337: set WALLET_MODAL_BUNDLER_KEY or WALLET_MODAL_BUNDLER_KEY_FILE/)
    assert.throws(() => signerOf(chainWith({}), {}), /No key for the paymaster of eip155:31337: set WALLET_MODAL_PAYMASTER_KEY/)
    // A config without keys is valid: they come from the environment.
    const config = parseServerConfig({ projects: [{ id: 'demo', allowedOrigins: [] }], chains: [chainWith({})] })
    assert.deepEqual(config.chains[0]!.smartAccounts!.bundler, {})
  })

  it('says what is wrong without showing the key', () => {
    const bad = `0x${'ab'.repeat(31)}`
    assert.throws(
      () => smartAccountKey(BUNDLER_KEY_ENV, undefined, { [BUNDLER_KEY_ENV]: bad }, 'x'),
      (error: Error) => /The key in WALLET_MODAL_BUNDLER_KEY is not 0x and 64 hex digits/.test(error.message) && !error.message.includes(bad)
    )
    assert.throws(
      () => smartAccountKey(BUNDLER_KEY_ENV, undefined, { [BUNDLER_KEY_ENV]: generatePrivateKey(), [`${BUNDLER_KEY_ENV}_FILE`]: '/x' }, 'x'),
      /both set: set one/
    )
    assert.throws(
      () => smartAccountKey(BUNDLER_KEY_ENV, undefined, { [`${BUNDLER_KEY_ENV}_FILE`]: join(dir, 'missing') }, 'x'),
      /WALLET_MODAL_BUNDLER_KEY_FILE: cannot read/
    )
  })
})
