import { authEnglish, securePageUrl } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { SecureFrame } from '../components/SecureFrame.js'

/** Export of the e-mail wallet's private keys: shown by the secure site in its own frame only. */
export function ExportWalletView() {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const src = securePageUrl(core, 'export')
  return src ? <SecureFrame src={src} title={t('export.frame')} height={320} testId="export-frame" /> : <p className="wm-muted">{t('export.unavailable')}</p>
}
