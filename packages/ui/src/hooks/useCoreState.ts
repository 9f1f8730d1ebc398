import { useSnapshot } from 'valtio/react'
import type { Core } from '@wallet-modal/core'

/** Snapshots of the controllers a view reads; re-renders on change. */
export function useCoreState(core: Core) {
  return {
    modal: useSnapshot(core.modal.state),
    router: useSnapshot(core.router.state),
    chain: useSnapshot(core.chain.state),
    connection: useSnapshot(core.connection.state),
    connectors: useSnapshot(core.connector.state),
    theme: useSnapshot(core.theme.state),
    snack: useSnapshot(core.snack.state)
  }
}
