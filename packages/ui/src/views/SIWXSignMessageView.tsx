import { useSnapshot } from 'valtio/react'
import { authEnglish, cancelSignIn, shortenAddress, signIn, siwxOf, SMART_ACCOUNT_UNSUPPORTED, walletFeatures } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { WalletImage } from '../components/WalletImage.js'
import { Avatar } from '../components/Avatar.js'
import { textOr } from '../hooks/textOr.js'
import { errorWords } from '../hooks/errorWords.js'

/** Stands for the address in its sentence, which is cut there to put the address's element in. */
const ADDRESS_MARK = '\uE000'

/**
 * SIWXSignMessage (spec §4 sign-in): the site's name and icon, what signing does, Cancel and
 * Sign. A declined signature shows 'Signature declined' here for another try.
 */
export function SIWXSignMessageView() {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const { siwx } = walletFeatures(core)
  const s = useSnapshot(siwx.state)
  const chain = useSnapshot(core.chain.state)
  const address = chain.namespaces[chain.activeNamespace].account.address ?? ''
  const site = core.options.state.metadata
  const required = siwxOf(core)?.getRequired?.() ?? false
  const busy = s.status !== 'idle'
  const cancelNote = required ? 'yes' : 'no'
  // One sentence for translators; the address is an element of its own inside it.
  const [beforeAddress, afterAddress] = address
    ? t('siwx.prove', { address: ADDRESS_MARK, required: cancelNote }).split(ADDRESS_MARK)
    : [t('siwx.proveThisWallet', { required: cancelNote })]
  return (
    <div className="wm-center">
      <div className="wm-siwx-images" aria-hidden="true">
        <WalletImage name={site.name} src={site.icons?.[0]} large />
        <Avatar address={address} size={72} />
      </div>
      <p className="wm-title" data-testid="siwx-title">
        {t('siwx.title', { site: site.name })}
      </p>
      <p className="wm-muted">
        {beforeAddress}
        {afterAddress !== undefined ? <span title={address}>{shortenAddress(address)}</span> : null}
        {afterAddress}
      </p>
      {s.error ? (
        <p className="wm-alert" data-variant="error" role="alert" data-testid="siwx-error">
          {s.error === SMART_ACCOUNT_UNSUPPORTED ? textOr(t, 'snack.smartAccountUnsupported', s.error) : errorWords(core, s.error)}
        </p>
      ) : null}
      <div className="wm-button-row wm-full">
        <button
          type="button"
          className="wm-button wm-button-secondary"
          part="button"
          disabled={s.status === 'signing'}
          onClick={() => void cancelSignIn(core).catch(() => {})}
        >
          {t('siwx.cancel')}
        </button>
        <button
          type="button"
          className="wm-button"
          part="button"
          disabled={busy}
          aria-busy={busy ? 'true' : undefined}
          onClick={() => void signIn(core).catch(() => {})}
          data-testid="siwx-sign"
        >
          {s.status === 'signing' ? t('siwx.signing') : t('siwx.sign')}
        </button>
      </div>
    </div>
  )
}
