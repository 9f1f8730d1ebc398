'use client'
import { useState } from 'react'
import { parseEther, isAddress } from 'viem'
import { useAccount, useSendTransaction, useSignMessage, useWaitForTransactionReceipt } from 'wagmi'
import { useWalletModalAccount } from '@wallet-modal/react'

/** Sends ETH with wagmi's own hook: the transaction goes to the wallet the visitor chose in the modal. */
export function SendWithWagmi() {
  const wagmiAccount = useAccount()
  const modalAccount = useWalletModalAccount()
  const [to, setTo] = useState('')
  const { sendTransaction, data: hash, error, isPending } = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash })
  const sign = useSignMessage()
  return (
    <section aria-label="Send with wagmi">
      <p>
        wagmi: <span id="wagmi-status">{wagmiAccount.status}</span> <span id="wagmi-address">{wagmiAccount.address}</span>
      </p>
      <p>
        wallet-modal: <span id="modal-status">{modalAccount.status}</span> <span id="modal-address">{modalAccount.address}</span>
      </p>
      <form
        onSubmit={e => {
          e.preventDefault()
          if (isAddress(to)) sendTransaction({ to, value: parseEther('0.01') })
        }}
      >
        <label>
          Send 0.01 ETH to <input name="to" value={to} onChange={e => setTo(e.target.value)} />
        </label>
        <button type="submit" disabled={!wagmiAccount.isConnected || isPending}>
          Send
        </button>
      </form>
      {hash ? <p id="hash">{hash}</p> : null}
      {receipt.data ? <p id="mined">Mined in block {receipt.data.blockNumber.toString()}</p> : null}
      {error ? <p role="alert">{error.message.split('\n')[0]}</p> : null}
      <p>
        <button type="button" disabled={!wagmiAccount.isConnected || sign.isPending} onClick={() => sign.signMessage({ message: 'Hello from the Next.js example' })}>
          Sign a message
        </button>{' '}
        <output id="signature">{sign.data}</output>
      </p>
      {sign.error ? <p role="alert">{sign.error.message.split('\n')[0]}</p> : null}
    </section>
  )
}
