import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { chooseOnRampProvider, onrampFeature, onrampRestricted, startOnRamp } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { WalletImage } from '../components/WalletImage.js'
import { ChevronIcon } from '../components/Icons.js'

/**
 * Buy crypto, step one (spec §2 on-ramp): the providers, each with its fee range and the site's
 * networks it sells on. Not offered in the regions of spec §9: opened there anyway, it says why.
 */
export function OnRampProvidersView() {
  const core = useCore()
  const onramp = onrampFeature(core).controller
  const s = useSnapshot(onramp.state)
  const restricted = onrampRestricted()
  useEffect(() => {
    if (!restricted) void startOnRamp(core)
  }, [core, restricted])
  if (restricted) {
    return (
      <p className="wm-alert" role="alert" data-testid="onramp-restricted">
        Buying crypto is not available in your region (mainland China, Hong Kong and Macau).
      </p>
    )
  }
  const networkNames = (ids: readonly string[]) =>
    ids
      .map(id => core.options.findNetwork(id)?.name)
      .filter(Boolean)
      .join(', ')
  return (
    <>
      {s.optionsLoading && !s.providers.length ? <p className="wm-muted" role="status">Loading providers…</p> : null}
      {s.optionsFallback ? (
        <p className="wm-alert" role="status" data-testid="onramp-fallback">
          The providers could not be reached: sample limits are shown.
        </p>
      ) : null}
      <ul className="wm-list" aria-label="Providers">
        {onramp.state.providers.map(p => (
          <li key={p.id}>
            <button type="button" className="wm-list-item" data-testid="onramp-provider" onClick={() => void chooseOnRampProvider(core, p)}>
              <WalletImage name={p.name} />
              <span className="wm-name">
                {p.name}
                <span className="wm-muted wm-token-qty">
                  Fees {p.feeRange}
                  {networkNames(p.networks) ? ` · ${networkNames(p.networks)}` : ''}
                </span>
              </span>
              <ChevronIcon />
            </button>
          </li>
        ))}
      </ul>
      {!s.optionsLoading && !s.providers.length ? (
        <p className="wm-muted" role="status">
          No provider sells crypto here.
        </p>
      ) : null}
    </>
  )
}
