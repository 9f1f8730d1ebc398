import { useSnapshot } from 'valtio/react'
import { authEnglish, embeddedState, securePageUrl } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { SecureFrame } from '../components/SecureFrame.js'

/**
 * ApproveTransaction (spec §2, §6): the secure site draws the request and its Approve button in
 * its own frame, so the site's script cannot approve on the person's behalf. Closing the modal
 * aborts the request.
 */
export function ApproveTransactionView() {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const { approval } = useSnapshot(embeddedState(core).state)
  const src = approval ? securePageUrl(core, 'approve', { id: approval.id }) : undefined
  if (!approval || !src) return <p className="wm-muted">{t('approve.nothing')}</p>
  return <SecureFrame key={approval.id} src={src} title={t('approve.frame')} height={420} testId="approve-frame" />
}
