import { createRequire } from 'node:module'
import { createWalletClient, getAddress, http, type Abi, type Hex } from 'viem'
import { DEPLOYER_ACCOUNT, DEVNET_ACCOUNT_ABSTRACTION, DEVNET_PAYMASTER_DEPOSIT, DEVNET_PAYMASTER_SIGNER } from './constants.js'
import { DEVNET_ARTIFACTS } from './contracts/devnetArtifacts.js'
import { waitForReceipt } from './waitForReceipt.js'

/** A published Hardhat artifact: the ABI and the creation bytecode. */
interface PublishedArtifact {
  abi: Abi
  bytecode: Hex
}

// Read at run time from the published package (not bundled: the artifacts are large).
const require = createRequire(import.meta.url)
const artifact = (name: string): PublishedArtifact => require(`@account-abstraction/contracts/artifacts/${name}.json`) as PublishedArtifact

/**
 * Deploys the ERC-4337 EntryPoint v0.8 and its SimpleAccountFactory, unchanged from the published
 * `@account-abstraction/contracts` artifacts, then the WalletModalAccountFactory compiled here
 * (SimpleAccount plus ERC-1271: the embedded wallet's accounts) and the WalletModalPaymaster
 * (signer {@link DEVNET_PAYMASTER_SIGNER}), whose deposit at the EntryPoint it then pays, on a
 * chain where the tokens and the Uniswap exchange were just deployed (the deployer's nonces 10 to
 * 14). Accounts are
 * then made by user operations whose `factory` is one of the factories: they only obey the
 * EntryPoint's sender creator.
 * Throws if an address differs from {@link DEVNET_ACCOUNT_ABSTRACTION} (the chain was not fresh).
 *
 * @param rpcUrl - The anvil node's HTTP endpoint.
 * @example
 * ```ts
 * const { entryPoint, simpleAccountFactory } = await deployAccountAbstraction(anvil.url)
 * ```
 */
export async function deployAccountAbstraction(rpcUrl: string): Promise<typeof DEVNET_ACCOUNT_ABSTRACTION> {
  const wallet = createWalletClient({ account: DEPLOYER_ACCOUNT, transport: http(rpcUrl, { timeout: 10_000, retryCount: 0 }) })
  const deploy = async (name: keyof typeof DEVNET_ACCOUNT_ABSTRACTION, a: PublishedArtifact, args: readonly unknown[]) => {
    const hash = await wallet.deployContract({ abi: a.abi, bytecode: a.bytecode, args, chain: null })
    const receipt = await waitForReceipt(rpcUrl, hash)
    if (receipt.status !== '0x1') throw new Error(`deployAccountAbstraction: deploying ${name} (${hash}) failed on ${rpcUrl}`)
    const address = getAddress(receipt.contractAddress ?? '0x')
    if (address !== DEVNET_ACCOUNT_ABSTRACTION[name])
      throw new Error(`deployAccountAbstraction: ${name} landed at ${address} on ${rpcUrl}, expected ${DEVNET_ACCOUNT_ABSTRACTION[name]} (is the chain fresh?)`)
    return address
  }
  const entryPoint = await deploy('entryPoint', artifact('EntryPoint'), [])
  const simpleAccountFactory = await deploy('simpleAccountFactory', artifact('SimpleAccountFactory'), [entryPoint])
  const walletModalAccountFactory = await deploy('walletModalAccountFactory', DEVNET_ARTIFACTS.WalletModalAccountFactory, [entryPoint])
  const walletModalPaymaster = await deploy('walletModalPaymaster', DEVNET_ARTIFACTS.WalletModalPaymaster, [entryPoint, DEVNET_PAYMASTER_SIGNER])
  const funded = await waitForReceipt(
    rpcUrl,
    await wallet.writeContract({
      address: walletModalPaymaster,
      abi: DEVNET_ARTIFACTS.WalletModalPaymaster.abi,
      functionName: 'deposit',
      value: DEVNET_PAYMASTER_DEPOSIT,
      chain: null
    })
  )
  if (funded.status !== '0x1') throw new Error(`deployAccountAbstraction: the paymaster's deposit failed on ${rpcUrl}`)
  return { entryPoint, simpleAccountFactory, walletModalAccountFactory, walletModalPaymaster } as typeof DEVNET_ACCOUNT_ABSTRACTION
}
