// ConnectKit as its getting-started page sets it up (family.co/docs/connectkit/getting-started):
// wagmi's `createConfig` over ConnectKit's `getDefaultConfig`, the providers and
// `<ConnectKitButton />`, one network.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ConnectKitButton, ConnectKitProvider, getDefaultConfig } from 'connectkit'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'

const config = createConfig(
  getDefaultConfig({
    chains: [mainnet],
    transports: { [mainnet.id]: http() },
    walletConnectProjectId: 'YOUR_PROJECT_ID',
    appName: 'Peers bench'
  })
)
const queryClient = new QueryClient()

createRoot(document.getElementById('app')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectKitProvider>
        <ConnectKitButton />
      </ConnectKitProvider>
    </QueryClientProvider>
  </WagmiProvider>
)
