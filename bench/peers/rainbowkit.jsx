// RainbowKit as its installation page sets it up (rainbowkit.com/docs/installation): its
// stylesheet, `getDefaultConfig`, the three providers and `<ConnectButton />`, one network.
import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'

const config = getDefaultConfig({ appName: 'Peers bench', projectId: 'YOUR_PROJECT_ID', chains: [mainnet] })
const queryClient = new QueryClient()

createRoot(document.getElementById('app')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <ConnectButton />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>
)
