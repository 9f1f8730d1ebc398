// Reown AppKit for a plain JavaScript site with the Ethers adapter (the same installation page's
// "Ethers" tab), one network. The button is the page's `<appkit-button></appkit-button>` tag.
import { createAppKit } from '@reown/appkit'
import { EthersAdapter } from '@reown/appkit-adapter-ethers'
import { mainnet } from '@reown/appkit/networks'

createAppKit({
  adapters: [new EthersAdapter()],
  networks: [mainnet],
  projectId: 'YOUR_PROJECT_ID',
  metadata: { name: 'Peers bench', description: 'One button', url: 'https://example.com', icons: [] }
})
