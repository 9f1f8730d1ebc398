import { ConnectButton } from '@wallet-modal/react'
import { SendWithWagmi } from './send'

export default function Page() {
  return (
    <main>
      <h1>wallet-modal on Next.js</h1>
      <ConnectButton />
      <SendWithWagmi />
    </main>
  )
}
