// Reown AppKit for a plain JavaScript site with the Wagmi adapter, the first set-up of AppKit's
// JavaScript installation page (docs.reown.com/appkit/javascript/core/installation), reduced to
// one network. The button is the page's `<appkit-button></appkit-button>` tag, which this defines.
import { createAppKit } from '@reown/appkit'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { mainnet } from '@reown/appkit/networks'

const projectId = 'YOUR_PROJECT_ID'
const networks = [mainnet]

createAppKit({
  adapters: [new WagmiAdapter({ projectId, networks })],
  networks,
  projectId,
  metadata: { name: 'Peers bench', description: 'One button', url: 'https://example.com', icons: [] }
})
