import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { chooseOnRampProvider, onrampEnglish, onrampFeature, onrampRestricted, startOnRamp } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { WalletImage } from '../components/WalletImage.js'
import { ChevronIcon } from '../components/Icons.js'

/**
 * Buy crypto, step one (spec §2 on-ramp): the providers, each with its fee range and the site's
 * networks it sells on. Not offered in the regions of spec §9: opened there anyway, it says why.
 */
export function OnRampProvidersView() {
  const core = useCore()
  const t = useEnglishT(core, onrampEnglish)
  const onramp = onrampFeature(core).controller
  const s = useSnapshot(onramp.state)
  const restricted = onrampRestricted()
  useEffect(() => {
    if (!restricted) void startOnRamp(core)
  }, [core, restricted])
  if (restricted) {
    return (
      <p className="wm-alert" role="alert" data-testid="onramp-restricted">
        {t('onramp.restricted')}
      </p>
    )
  }
  const networkNames = (ids: readonly string[]) => {
    const names = ids.map(id => core.options.findNetwork(id)?.name).filter((name): name is string => !!name)
    // English as before; other languages join the names their own way ('A、B和C', 'A, B und C').
    return core.i18n.state.locale === 'en' ? names.join(', ') : new Intl.ListFormat(core.i18n.state.locale, { type: 'conjunction' }).format(names)
  }
  return (
    <>
      {s.optionsLoading && !s.providers.length ? (
        <p className="wm-muted" role="status">
          {t('onramp.loadingProviders')}
        </p>
      ) : null}
      {s.optionsFallback ? (
        <p className="wm-alert" role="status" data-testid="onramp-fallback">
          {t('onramp.providersFallback')}
        </p>
      ) : null}
      <ul className="wm-list" aria-label={t('onramp.providers')}>
        {onramp.state.providers.map(p => (
          <li key={p.id}>
            <button type="button" className="wm-list-item" data-testid="onramp-provider" onClick={() => void chooseOnRampProvider(core, p)}>
              <WalletImage name={p.name} />
              <span className="wm-name">
                {p.name}
                <span className="wm-muted wm-token-qty">
                  {t('onramp.fees', { range: p.feeRange })}
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
          {t('onramp.noProviders')}
        </p>
      ) : null}
    </>
  )
}
