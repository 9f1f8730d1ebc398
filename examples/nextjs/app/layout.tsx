import type { ReactNode } from 'react'
import { headers } from 'next/headers'
import { Providers } from './providers'

export const metadata = { title: 'wallet-modal on Next.js' }

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The cookies say whether this visitor was connected: the HTML then already shows the account.
  const cookie = (await headers()).get('cookie')
  return (
    <html lang="en">
      <body>
        <Providers cookie={cookie}>{children}</Providers>
        {/* `npm start` only: the devnet's stand-in for a wallet extension (see next.config.mjs). */}
        {process.env.WALLET_MODAL_DEVNET_URL ? <script type="module" src="/devnet-wallet.js" /> : null}
      </body>
    </html>
  )
}
