import { securePageUrl } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { SecureFrame } from '../components/SecureFrame.js'

/** Export of the e-mail wallet's private keys: shown by the secure site in its own frame only. */
export function ExportWalletView() {
  const core = useCore()
  const src = securePageUrl(core, 'export')
  return src ? <SecureFrame src={src} title="Export private keys" height={320} testId="export-frame" /> : <p className="wm-muted">E-mail login is not available.</p>
}
