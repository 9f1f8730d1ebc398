import { expect } from 'chai'
import { createTelemetryController, ERROR_REPORTS_PER_WINDOW, ERROR_REPORT_WINDOW_MS } from './TelemetryController.js'

describe('TelemetryController', () => {
  it('tracks only when the site and the project allow it, and never the modal-created event', () => {
    const t = createTelemetryController()
    expect(t.mayTrack('MODAL_OPEN')).to.equal(false)
    t.setEnabled(true, false)
    expect(t.mayTrack('MODAL_OPEN')).to.equal(false)
    t.setEnabled(true, true)
    expect(t.mayTrack('MODAL_OPEN')).to.equal(true)
    expect(t.mayTrack('MODAL_CREATED')).to.equal(false)
  })
  it('allows 5 error reports per 60 s', () => {
    let now = 0
    const t = createTelemetryController(() => now)
    expect([ERROR_REPORTS_PER_WINDOW, ERROR_REPORT_WINDOW_MS]).to.deep.equal([5, 60_000])
    const taken = Array.from({ length: 7 }, () => t.takeErrorReportSlot())
    expect(taken).to.deep.equal([true, true, true, true, true, false, false])
    now = 59_999
    expect(t.takeErrorReportSlot()).to.equal(false)
    now = 60_000
    expect(t.takeErrorReportSlot()).to.equal(true)
  })
  it('reports the forbidden origin once', () => {
    const t = createTelemetryController()
    expect([t.takeForbiddenReport(), t.takeForbiddenReport()]).to.deep.equal([true, false])
  })
})
