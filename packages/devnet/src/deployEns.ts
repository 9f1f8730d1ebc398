import { createRequire } from 'node:module'
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  labelhash,
  namehash,
  numberToHex,
  parseEther,
  zeroHash,
  type Abi,
  type Address,
  type Hex
} from 'viem'
import { DEVNET_ENS, DEVNET_ENS_NAMES, DEVNET_ENS_POISONED_REVERSE } from './constants.js'
import { jsonRpc } from './jsonRpc.js'
import { waitForReceipt } from './waitForReceipt.js'

/** A published artifact: the ABI and the creation bytecode (hex, with or without 0x). */
interface PublishedArtifact {
  abi: Abi
  bytecode: string
}

// The published build outputs, read at run time (not bundled: with their sources and ASTs they
// are megabytes).
const require = createRequire(import.meta.url)
const artifact = (path: string): PublishedArtifact => require(`@ensdomains/contracts/abis/${path}.json`) as PublishedArtifact
const bytecodeOf = (a: PublishedArtifact): Hex => (a.bytecode.startsWith('0x') ? a.bytecode : `0x${a.bytecode}`) as Hex

/**
 * Gas limits of the deployer's transactions. They are sent back to back, each before the one
 * before it is mined, so the node cannot estimate them (its estimate would run without the
 * contracts they call): these are the pinned bytecode's measured use (1,046,545; 1,255,606;
 * 3,131,139; 753,326; 49,525 at most for an owner; 74,392 for a name; 709,267 for the records)
 * with headroom, and what is unused is not paid for.
 */
const GAS = { deploy: 4_000_000n, subnode: 120_000n, records: 1_500_000n } as const

/** The deployer's ETH: its transactions cost about 0.01 ETH at anvil's starting fees. */
const DEPLOYER_FUNDS = parseEther('10')

/** One transaction of the deployer, named for the error that says which one failed. */
interface Step {
  what: string
  to?: Address
  data: Hex
  gas: bigint
  /** For a deployment: the constant it must land at. */
  expect?: Address
}

/**
 * Deploys the real ENS (from the published `@ensdomains/contracts` 0.0.3 artifacts, unchanged)
 * on a fresh anvil chain and registers the devnet's names, so name resolution runs against the
 * real contracts offline:
 * 1. from {@link DEVNET_ENS}'s deployer (impersonated, given 10 ETH): an ENSRegistry, the
 *    ENSRegistryWithFallback over it (mainnet's registry), the PublicResolver and the
 *    ReverseRegistrar (default resolver: the PublicResolver), at the {@link DEVNET_ENS} addresses;
 *    `reverse` (the deployer's), `addr.reverse` (the ReverseRegistrar's) and `eth` (the
 *    deployer's); each of {@link DEVNET_ENS_NAMES} with the PublicResolver, then its `addr`
 *    (coin 60) and `avatar` records in one PublicResolver `multicall`;
 * 2. from each named account itself (anvil's accounts are unlocked), its reverse record through
 *    `ReverseRegistrar.setName`, and {@link DEVNET_ENS_POISONED_REVERSE}'s. Their gas is refunded
 *    (`anvil_setBalance`), so their ETH stays anvil's round 10,000; their nonces do move by one.
 *
 * The deployer's transactions go out back to back and are waited for together, then the three
 * reverse records together: about 15 blocks in tens of milliseconds.
 *
 * @param rpcUrl - The anvil node's HTTP endpoint.
 * @returns The {@link DEVNET_ENS} addresses.
 * @throws Error naming the step when the chain is not fresh (the deployer has sent before), a
 *   transaction fails, or a contract lands elsewhere than {@link DEVNET_ENS} says.
 * @example
 * ```ts
 * const anvil = await startAnvil({ chainId: 31337 })
 * const { registry } = await deployEns(anvil.url)
 * ```
 */
export async function deployEns(rpcUrl: string): Promise<typeof DEVNET_ENS> {
  const { deployer } = DEVNET_ENS
  const fail = (message: string): never => {
    throw new Error(`deployEns: ${message} on ${rpcUrl}`)
  }
  // The addresses are the deployer's nonces 0 to 3: on a used chain they would be others.
  const [sent, code] = await Promise.all([
    jsonRpc<Hex>(rpcUrl, 'eth_getTransactionCount', [deployer, 'latest']),
    jsonRpc<Hex>(rpcUrl, 'eth_getCode', [DEVNET_ENS.registry, 'latest'])
  ])
  if (BigInt(sent) !== 0n || code !== '0x') {
    fail(
      `the chain is not fresh (the ENS deployer ${deployer} has sent ${BigInt(sent)} transaction(s), the registry address ${DEVNET_ENS.registry} holds ${(code.length - 2) / 2} bytes of code): ENS is deployed once, on a new chain`
    )
  }

  const registryArtifact = artifact('ens/ENSRegistryWithFallback')
  const resolverArtifact = artifact('resolver/PublicResolver')
  const reverseArtifact = artifact('ens/ReverseRegistrar')
  const registry = registryArtifact.abi
  const deploy = (what: string, a: PublishedArtifact, args: readonly unknown[], expect: Address): Step => ({
    what: `deploying ${what}`,
    data: encodeDeployData({ abi: a.abi, bytecode: bytecodeOf(a), args }),
    gas: GAS.deploy,
    expect
  })
  const subnode = (what: string, parent: Hex, label: string, owner: Address): Step => ({
    what,
    to: DEVNET_ENS.registry,
    data: encodeFunctionData({ abi: registry, functionName: 'setSubnodeOwner', args: [parent, labelhash(label), owner] }),
    gas: GAS.subnode
  })
  const names = Object.entries(DEVNET_ENS_NAMES)
  // One multicall sets every record: the PublicResolver delegatecalls itself, so the deployer,
  // the names' owner, is the sender each record is checked against.
  const records = names.flatMap(([name, { address, avatar }]) => [
    ...(address ? [encodeFunctionData({ abi: resolverArtifact.abi, functionName: 'setAddr', args: [namehash(name), address] })] : []),
    ...(avatar ? [encodeFunctionData({ abi: resolverArtifact.abi, functionName: 'setText', args: [namehash(name), 'avatar', avatar] })] : [])
  ])
  const steps: Step[] = [
    deploy('the ENSRegistry the registry falls back to', artifact('ens/ENSRegistry'), [], DEVNET_ENS.oldRegistry),
    deploy('the ENSRegistryWithFallback', registryArtifact, [DEVNET_ENS.oldRegistry], DEVNET_ENS.registry),
    deploy('the PublicResolver', resolverArtifact, [DEVNET_ENS.registry], DEVNET_ENS.resolver),
    deploy('the ReverseRegistrar', reverseArtifact, [DEVNET_ENS.registry, DEVNET_ENS.resolver], DEVNET_ENS.reverseRegistrar),
    subnode("taking 'reverse'", zeroHash, 'reverse', deployer),
    subnode("giving 'addr.reverse' to the ReverseRegistrar", namehash('reverse'), 'addr', DEVNET_ENS.reverseRegistrar),
    subnode("taking 'eth'", zeroHash, 'eth', deployer),
    ...names.map(
      ([name]): Step => ({
        what: `registering ${name}`,
        to: DEVNET_ENS.registry,
        data: encodeFunctionData({
          abi: registry,
          functionName: 'setSubnodeRecord',
          args: [namehash('eth'), labelhash(name.slice(0, -'.eth'.length)), deployer, DEVNET_ENS.resolver, 0n]
        }),
        gas: GAS.subnode
      })
    ),
    {
      what: "setting the names' addr and avatar records",
      to: DEVNET_ENS.resolver,
      data: encodeFunctionData({ abi: resolverArtifact.abi, functionName: 'multicall', args: [records] }),
      gas: GAS.records
    }
  ]

  await jsonRpc(rpcUrl, 'anvil_impersonateAccount', [deployer])
  try {
    await jsonRpc(rpcUrl, 'anvil_setBalance', [deployer, numberToHex(DEPLOYER_FUNDS)])
    // Explicit nonces keep the order whatever the node's pool does; explicit gas skips estimates.
    const hashes: Hex[] = []
    for (const [nonce, { to, data, gas }] of steps.entries()) {
      const tx = { from: deployer, data, gas: numberToHex(gas), nonce: numberToHex(nonce), ...(to ? { to } : {}) }
      hashes.push(await jsonRpc<Hex>(rpcUrl, 'eth_sendTransaction', [tx]))
    }
    const receipts = await Promise.all(hashes.map(hash => waitForReceipt(rpcUrl, hash)))
    for (const [i, { what, expect }] of steps.entries()) {
      const receipt = receipts[i]!
      if (receipt.status !== '0x1') fail(`${what} (${hashes[i]}) failed`)
      const landed = receipt.contractAddress && getAddress(receipt.contractAddress)
      if (expect && landed !== expect) fail(`${what} landed at ${landed}, expected ${expect} (is the chain fresh?)`)
    }
  } finally {
    await jsonRpc(rpcUrl, 'anvil_stopImpersonatingAccount', [deployer]).catch(() => undefined)
  }

  // Reverse records are the accounts' own: each sets its own, as on mainnet.
  const reverse: [Address, string][] = [
    ...names.flatMap(([name, { address, reverse }]): [Address, string][] => (address && reverse ? [[address, name]] : [])),
    [DEVNET_ENS_POISONED_REVERSE.account, DEVNET_ENS_POISONED_REVERSE.name]
  ]
  await Promise.all(
    reverse.map(async ([account, name]) => {
      const data = encodeFunctionData({ abi: reverseArtifact.abi, functionName: 'setName', args: [name] })
      const hash = await jsonRpc<Hex>(rpcUrl, 'eth_sendTransaction', [{ from: account, to: DEVNET_ENS.reverseRegistrar, data }])
      const receipt = await waitForReceipt(rpcUrl, hash)
      if (receipt.status !== '0x1') fail(`${account} setting its reverse record to ${name} (${hash}) failed`)
      // The gas back, so the account's ETH stays the round amount the demo and the tests show.
      const [full, balance] = await Promise.all([
        jsonRpc<{ gasUsed: Hex; effectiveGasPrice: Hex }>(rpcUrl, 'eth_getTransactionReceipt', [hash]),
        jsonRpc<Hex>(rpcUrl, 'eth_getBalance', [account, 'latest'])
      ])
      await jsonRpc(rpcUrl, 'anvil_setBalance', [account, numberToHex(BigInt(balance) + BigInt(full.gasUsed) * BigInt(full.effectiveGasPrice))])
    })
  )
  return DEVNET_ENS
}
