import { useCore } from '../hooks/CoreContext.js'

/**
 * The way out of a feature the active network cannot serve (Send, Swap): a button to the network
 * list. Nothing when the site turned switching off (`enableNetworkSwitch: false`): there is no
 * other network to go to.
 *
 * @param label - The button's words (each feature has its own message).
 */
export function SwitchNetworkButton({ label }: { label: string }) {
  const core = useCore()
  if (!core.options.state.enableNetworkSwitch) return null
  return (
    <button type="button" className="wm-button" part="button" onClick={() => core.router.push('Networks')}>
      {label}
    </button>
  )
}
