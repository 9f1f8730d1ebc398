import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'
import { DEPLOYER_ACCOUNT } from '../constants.js'
import { jsonRpc } from '../jsonRpc.js'
import { waitForReceipt } from '../waitForReceipt.js'
import type { SandboxCatalogue } from './SandboxCatalogue.js'
import type { SandboxPurchase, SandboxSession } from './SandboxSessions.js'
import { sandboxQuote } from './sandboxQuote.js'

/**
 * Pays a checkout: sends what its quote promised to the buyer (DUSD from the devnet's deployer
 * account on an EVM chain, waiting until it is mined; SOL from the local Solana network's faucet).
 * Paying charges nothing: this is a test provider.
 *
 * @param session - A session the catalogue quoted (its asset sold on its network).
 * @param catalogue - Where the networks are.
 * @returns The purchase.
 * @throws When the node refuses the transfer or it reverts.
 * @example
 * session.paid = await paySandboxPurchase(session, catalogue)
 */
export async function paySandboxPurchase(session: SandboxSession, catalogue: SandboxCatalogue): Promise<SandboxPurchase> {
  const q = sandboxQuote(session.fiatAmount, session.fiatCurrency, session.asset)!
  let txHash: string
  let network: string
  if (session.asset === 'SOL') {
    // The local network's faucet pays: a recorded transfer, like any other.
    const solana = catalogue.solana!
    txHash = await jsonRpc<string>(solana.rpcUrl, 'requestAirdrop', [session.address, Number(q.units)])
    network = solana.caipNetworkId
  } else {
    const chain = catalogue.chain(session.network)!
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [session.address as Address, q.units] })
    txHash = await jsonRpc<Hex>(chain.rpcUrl, 'eth_sendTransaction', [{ from: DEPLOYER_ACCOUNT, to: catalogue.dusd, data, gas: '0x30d40' }])
    const receipt = await waitForReceipt(chain.rpcUrl, txHash as Hex)
    if (receipt.status !== '0x1') throw new Error(`the DUSD transfer ${txHash} reverted`)
    network = `eip155:${chain.chainId}`
  }
  return {
    sessionId: session.id,
    txHash,
    network,
    address: session.address,
    asset: session.asset,
    amount: q.purchase,
    fiatAmount: q.total,
    fiatCurrency: session.fiatCurrency,
    partnerUserId: session.partnerUserId
  }
}
