#!/usr/bin/env node
// Compiles packages/devnet/contracts/*.sol with solc-js and writes
// packages/devnet/src/contracts/artifacts.json ({ Name: { abi, bytecode } }). Imports of
// published packages (@account-abstraction/contracts, @openzeppelin/contracts) are read from
// node_modules, at the versions package-lock.json pins.
//
// The artifact is committed so that running the devnet needs no compiler. Every setting is fixed
// (compiler version, optimizer, EVM version, no metadata hash) so the same sources always give the
// same bytes, and a test can recompile and compare.
//
//   node packages/devnet/scripts/compile-contracts.mjs          write the artifact
//   node packages/devnet/scripts/compile-contracts.mjs --check  exit 1 if it is out of date
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const SOLC_VERSION = '0.8.37'
const CONTRACTS = ['DevnetToken', 'DevnetTether', 'WalletModalAccount', 'WalletModalAccountFactory', 'WalletModalPaymaster', 'DevnetMulticall3', 'DevnetPriceFeed', 'DevnetHostileToken', 'DevnetRoundFeed', 'DevnetOffchainResolver']

const packageDir = new URL('../', import.meta.url)
const artifactPath = fileURLToPath(new URL('src/contracts/artifacts.json', packageDir))

const require = createRequire(import.meta.url)
const solc = require('solc')

if (!solc.version().startsWith(`${SOLC_VERSION}+`)) {
  console.error(`compile-contracts: expected solc ${SOLC_VERSION}, got ${solc.version()}`)
  process.exit(1)
}

const sources = Object.fromEntries(
  CONTRACTS.map(name => [
    // Source keys end up in the metadata: keep them relative so the output does not depend on
    // where the repository is checked out.
    `${name}.sol`,
    { content: readFileSync(new URL(`contracts/${name}.sol`, packageDir), 'utf8') }
  ])
)

const input = {
  language: 'Solidity',
  sources,
  settings: {
    optimizer: { enabled: true, runs: 200 },
    // Pinned instead of the compiler's default so a solc upgrade cannot silently change the
    // opcodes; anvil's default hardfork is newer, so cancun runs there.
    evmVersion: 'cancun',
    // No IPFS/Swarm hash appended: the bytecode stays identical across machines.
    metadata: { bytecodeHash: 'none' },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } }
  }
}

/** Resolves `import "@scope/package/path.sol"` from node_modules (solc's import callback). */
function findImports(path) {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') }
  } catch {
    return { error: `not found: ${path}` }
  }
}

const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }))
const errors = (output.errors ?? []).filter(e => e.severity === 'error')
for (const e of output.errors ?? []) console.error(e.formattedMessage)
if (errors.length > 0) process.exit(1)

const artifacts = {}
for (const name of CONTRACTS) {
  const contract = output.contracts[`${name}.sol`][name]
  artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
}
const text = `${JSON.stringify(artifacts, null, 2)}\n`

if (process.argv.includes('--check')) {
  let current = ''
  try {
    current = readFileSync(artifactPath, 'utf8')
  } catch {
    // A missing artifact is simply out of date.
  }
  if (current !== text) {
    console.error(`compile-contracts: ${artifactPath} is out of date; run node packages/devnet/scripts/compile-contracts.mjs`)
    process.exit(1)
  }
  console.log('compile-contracts: artifacts are up to date')
} else {
  writeFileSync(artifactPath, text)
  console.log(`compile-contracts: wrote ${artifactPath} (solc ${solc.version()})`)
}
