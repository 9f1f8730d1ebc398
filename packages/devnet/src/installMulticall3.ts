import type { Hex } from 'viem'
import { MULTICALL3_ADDRESS } from './constants.js'
import { DEVNET_ARTIFACTS } from './contracts/devnetArtifacts.js'
import { jsonRpc } from './jsonRpc.js'

/**
 * Installs the devnet's Multicall3 (DevnetMulticall3.sol: `aggregate3` and `getEthBalance`) at
 * the canonical Multicall3 address of an anvil node, which has none of its own.
 *
 * The runtime code comes from an `eth_call` of the creation code (a call without `to` answers
 * with the code the constructor would leave), and `anvil_setCode` puts it in place: no
 * transaction, so the deployer's nonces, which fix the tokens' addresses, are untouched.
 *
 * @example
 * await installMulticall3(anvil.url)
 * @param rpcUrl - The anvil node's HTTP endpoint.
 * @returns The address it was installed at ({@link MULTICALL3_ADDRESS}).
 */
export async function installMulticall3(rpcUrl: string): Promise<Hex> {
  const code = await jsonRpc<Hex>(rpcUrl, 'eth_call', [{ data: DEVNET_ARTIFACTS.DevnetMulticall3.bytecode }, 'latest'])
  if (typeof code !== 'string' || !/^0x[0-9a-f]{2,}$/i.test(code)) throw new Error(`installMulticall3: no runtime code from ${rpcUrl}`)
  await jsonRpc(rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, code])
  return MULTICALL3_ADDRESS
}
