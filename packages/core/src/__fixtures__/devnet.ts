// Test fixtures for flows: the running devnet (started by the browser test runner) and the
// Devnet Wallet, which speaks real EIP-1193 / EIP-6963 against real anvil chains. The helpers that
// need no core live in the devnet's browser test entry, shared by every package's browser tests.
import { announceDevnetWallet, createDevnetWallet, devnetNetworks, memoryStorage, waitFor, type DevnetInfo } from '@wallet-modal/devnet/testing'

export {
  announceDevnetWallet,
  brokenStorage,
  createDevnetWallet,
  devnetNetworks,
  faultHits,
  getDevnet,
  memoryStorage,
  rpc,
  serverRequests,
  setFault,
  solanaNetwork,
  storedEvents,
  waitFor,
  wcWallet,
  type DevnetInfo
} from '@wallet-modal/devnet/testing'

/**
 * A core with the Devnet Wallet announced (EIP-6963) and connected on the devnet, for flows that
 * need a connected account. `services: false` leaves the wallet-modal server out; `account` picks
 * another unlocked anvil account than the Devnet Wallet's (a test whose trades others must not see).
 */
export async function connectedDevnetCore(
  info: DevnetInfo,
  opts: { services?: boolean; account?: `0x${string}`; extra?: Partial<import('../types/options.js').WalletModalOptions> } = {}
) {
  const { createCore } = await import('../createCore.js')
  const { connectExternal } = await import('../flows/connect.js')
  const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null, account: opts.account })
  const stopWallet = announceDevnetWallet(wallet, { setWindowEthereum: false })
  const core = createCore({
    projectId: 'demo',
    networks: devnetNetworks(info),
    storage: memoryStorage(),
    serviceUrl: opts.services === false ? undefined : info.serviceUrl,
    enableInjected: false,
    ...opts.extra
  })
  await core.servicesReady
  await waitFor(() => core.connector.get('dev.wallet-modal.devnet'))
  await connectExternal(core, 'dev.wallet-modal.devnet')
  return {
    core,
    wallet,
    stop() {
      core.destroy()
      stopWallet()
    }
  }
}
