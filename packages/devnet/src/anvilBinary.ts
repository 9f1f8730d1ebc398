import { createRequire } from 'node:module'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/**
 * Absolute path of the anvil executable shipped by `@foundry-rs/anvil`'s platform package.
 *
 * Resolved through the platform package's package.json rather than a fixed node_modules path, so
 * it works wherever npm hoisted it and from both src/ (tsx) and dist/.
 */
export function resolveAnvilBinary(): string {
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${archName()}`
  let packageJson: string
  try {
    packageJson = require.resolve(`${platformPackage}/package.json`)
  } catch {
    throw new Error(`anvil: ${platformPackage} is not installed (it is an optional dependency of @foundry-rs/anvil); run npm install`)
  }
  const binary = join(dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  if (!existsSync(binary)) throw new Error(`anvil: binary missing at ${binary}`)
  return binary
}

// @foundry-rs names its packages amd64/arm64, Node says x64/arm64.
function archName(): string {
  return process.arch === 'x64' ? 'amd64' : process.arch
}
