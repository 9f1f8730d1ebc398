// The secure site's one script: each page says what it is in `data-page` (see securePages.ts).
import { runApproveFrame, runApproveWindow } from './approveFrame.js'
import { runExportFrame } from './exportFrame.js'
import { runMainFrame } from './mainFrame.js'
import { runOtpFrame } from './otpFrame.js'
import { forwardEscape, useProject } from './secureApi.js'
import { runSocialCallback } from './socialFrame.js'

const data = document.body.dataset
// Sessions are per project: every page of it keeps and sends the session of its own project.
useProject(data.project ?? '')
if (data.page !== 'frame') forwardEscape()
switch (data.page) {
  case 'frame':
    runMainFrame(data.origin ?? '', data.project ?? '')
    break
  case 'otp':
    runOtpFrame(data.email ?? '', data.purpose ?? 'login', data.project ?? '')
    break
  case 'approve':
    if (data.window === '1') runApproveWindow()
    else runApproveFrame(data.id ?? '')
    break
  case 'export':
    runExportFrame()
    break
  case 'social':
    runSocialCallback(data.origin ?? '', data.result, data.error)
    break
}
