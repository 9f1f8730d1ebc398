import { useCallback, useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio/react'
import { startWalletConnect } from '@wallet-modal/core/internal'
import { useCore } from './CoreContext.js'

/**
 * Runs a WalletConnect pairing while the calling view is mounted (new URI on expiry, connect on
 * approval) and returns its state plus `retry` for the view's 'Try again'.
 */
export function useWalletConnect() {
  const core = useCore()
  const stop = useRef<() => void>(undefined)
  useEffect(() => {
    stop.current = startWalletConnect(core)
    return () => stop.current?.()
  }, [core])
  const retry = useCallback(() => {
    stop.current?.()
    stop.current = startWalletConnect(core)
  }, [core])
  const state = useSnapshot(core.connection.state)
  return { uri: state.wcUri, pairing: !!state.wcPairing, error: state.error, problem: state.wcProblem, retry }
}
