import { readFileSync } from 'node:fs'
import type { Hex } from 'viem'

/** The environment variable the bundler's operator key is read from (or `…_FILE`, a file holding it). */
export const BUNDLER_KEY_ENV = 'WALLET_MODAL_BUNDLER_KEY'

/** The environment variable the paymaster's signer key is read from (or `…_FILE`, a file holding it). */
export const PAYMASTER_KEY_ENV = 'WALLET_MODAL_PAYMASTER_KEY'

const KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/

/**
 * A private key the server signs with on chain (the bundler's operator key, the paymaster's
 * signer key), read as the key-encryption key is (`KeyVault.fromEnv`): from the environment
 * variable `name`, or from the file named by `name_FILE` (a mounted secret), or, failing both,
 * from the plaintext value in the configuration file (kept for the devnet; an operator should
 * not leave a funded key in a config file).
 *
 * @param name - The variable, {@link BUNDLER_KEY_ENV} or {@link PAYMASTER_KEY_ENV}.
 * @param configured - The configuration's plaintext key, if any.
 * @param env - The environment (`process.env`).
 * @param where - Where the key is needed, for the error (e.g. `eip155:1 smartAccounts.bundler.operatorKey`).
 * @throws When none is given, both the variable and its file are, the file cannot be read, or the
 *   key is not 0x and 64 hex digits.
 */
export function smartAccountKey(name: string, configured: string | undefined, env: Record<string, string | undefined>, where: string): Hex {
  const fromEnv = env[name]?.trim()
  const file = env[`${name}_FILE`]?.trim()
  if (fromEnv && file) throw new Error(`${name} and ${name}_FILE are both set: set one`)
  let key = fromEnv || configured
  let source = fromEnv ? name : `the configuration (${where})`
  if (file) {
    try {
      key = readFileSync(file, 'utf8').trim()
    } catch (error) {
      throw new Error(`${name}_FILE: cannot read ${file}: ${(error as Error).message}`)
    }
    source = `${name}_FILE (${file})`
  }
  if (!key) throw new Error(`No key for ${where}: set ${name} or ${name}_FILE (a file holding it), 0x and 64 hex digits`)
  // The key itself is never part of an error.
  if (!KEY_PATTERN.test(key)) throw new Error(`The key in ${source} is not 0x and 64 hex digits`)
  return key as Hex
}
