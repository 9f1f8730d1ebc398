import { createContext, useContext } from 'react'
import type { Core } from '@wallet-modal/core/internal'

/** The core of the element a component renders in. */
export const CoreContext = createContext<Core | null>(null)

/** The core of the surrounding element. */
export function useCore(): Core {
  const core = useContext(CoreContext)
  if (!core) throw new Error('wallet-modal: component rendered outside an element')
  return core
}
