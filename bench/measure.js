// Injected into every benchmark page before any page script runs (Playwright init script, so the
// page's CSP does not apply). Records, relative to navigation start:
//  - buttonVisibleAt: the <connect-button>'s button has a non-zero size; definedAt: its element
//    was defined (the bootstrap's module ran);
//  - clickAt: the first click (the event's own timestamp);
//  - connectVisibleAt: the dialog shows the Connect view with at least one wallet in its list;
//  - the scripts loaded at those two moments;
//  - handedOverAt: the bootstrap's painted button was replaced by React's (the hand-over), and
//    handOverShift: how far the button moved or resized then (px, the largest of the four edges);
//  - layoutShiftBefore: the page's cumulative layout shift (Layout Instability API) up to then
//    (the page's own layout, as the button first appears), and shiftAt(): the total so far, read
//    by the benchmark some frames after the hand-over (the difference is the hand-over's shift).
;(() => {
  const wm = (window.__wm = {})
  // Room for every resource entry (the default 250 could drop what the benchmark counts).
  performance.setResourceTimingBufferSize(10_000)
  const scripts = () =>
    performance
      .getEntriesByType('resource')
      .filter(e => /\.m?js(\?|$)/.test(e.name))
      .map(e => e.name)
  let shift = 0
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) shift += e.value
    }).observe({ type: 'layout-shift', buffered: true })
  } catch {
    // no Layout Instability API: layoutShift stays undefined
  }
  wm.shiftAt = () => shift
  // The button's path, for the breakdown: when the elements were defined (the bootstrap ran).
  customElements.whenDefined('connect-button').then(() => (wm.definedAt = performance.now()))
  let painted
  let paintedRect
  const check = () => {
    const now = performance.now()
    const b = document.querySelector('connect-button')?.shadowRoot?.querySelector('button')
    if (wm.buttonVisibleAt === undefined) {
      const r = b?.getBoundingClientRect()
      if (r && r.width > 0 && r.height > 0) {
        wm.buttonVisibleAt = now
        wm.scriptsAtButton = scripts()
        painted = b
      }
    }
    // The first button shown, until it is replaced: the hand-over, and whether anything moved.
    // (Until the click: measuring forces a layout, which must not weigh on click -> Connect.)
    if (painted && wm.handedOverAt === undefined && wm.clickAt === undefined) {
      if (painted.isConnected) paintedRect = painted.getBoundingClientRect()
      else if (b) {
        const r = b.getBoundingClientRect()
        wm.handedOverAt = now
        wm.handOverShift = Math.max(
          Math.abs(r.left - paintedRect.left),
          Math.abs(r.top - paintedRect.top),
          Math.abs(r.right - paintedRect.right),
          Math.abs(r.bottom - paintedRect.bottom)
        )
        wm.layoutShiftBefore = shift
      }
    }
    if (wm.clickAt !== undefined && wm.connectVisibleAt === undefined) {
      const root = document.querySelector('wallet-modal')?.shadowRoot
      const item = root?.querySelector('[role="dialog"] ul[aria-label="Wallets"] li button')
      const r = item?.getBoundingClientRect()
      if (r && r.width > 0 && r.height > 0) {
        wm.connectVisibleAt = now
        wm.scriptsAtConnect = scripts()
      }
    }
  }
  // Mutation observers see DOM changes right when React commits them (more precise than frames);
  // shadow roots are observed as their hosts appear.
  const observed = new WeakSet()
  const mo = new MutationObserver(() => {
    for (const host of document.querySelectorAll('connect-button, wallet-modal')) {
      if (host.shadowRoot && !observed.has(host.shadowRoot)) {
        observed.add(host.shadowRoot)
        mo.observe(host.shadowRoot, { childList: true, subtree: true, attributes: true })
      }
    }
    check()
  })
  mo.observe(document, { childList: true, subtree: true })
  const frame = () => {
    check()
    if (wm.connectVisibleAt === undefined || wm.handedOverAt === undefined) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  document.addEventListener('click', e => (wm.clickAt ??= e.timeStamp), true)
})()
