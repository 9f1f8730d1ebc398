import { expect } from 'chai'
import { sendKeys, sendMouse } from '@web/test-runner-commands'
import { cleanup, findButton, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'

const nextFrame = () => new Promise(resolve => requestAnimationFrame(resolve))

describe('<wallet-modal>', () => {
  afterEach(cleanup)

  it('is appended to the body, opens a labelled modal dialog and fires wm-open / wm-close', async () => {
    const events: string[] = []
    for (const n of ['wm-open', 'wm-close'])
      document.addEventListener(n, e => events.push(`${e.type}:${(e as CustomEvent).bubbles}:${(e as CustomEvent).composed}`))
    const modal = await makeModal()
    expect(document.body.querySelectorAll('wallet-modal')).to.have.length(1)
    modal.open()
    const dialog = await waitFor(() => modalRoot().querySelector('[role="dialog"]'))
    expect(dialog.getAttribute('aria-modal')).to.equal('true')
    const heading = modalRoot().getElementById(dialog.getAttribute('aria-labelledby')!)
    expect(heading?.textContent).to.equal('Connect Wallet')
    modal.close()
    await waitFor(() => !modalRoot().querySelector('[role="dialog"]'))
    expect(events).to.deep.equal(['wm-open:true:true', 'wm-close:true:true'])
  })

  it('is not appended when append is disabled or in embedded mode', async () => {
    await makeModal({ disableAppend: true })
    expect(document.querySelector('wallet-modal')).to.equal(null)
    cleanup()
    await makeModal({ enableEmbedded: true })
    expect(document.querySelector('wallet-modal')).to.equal(null)
  })

  it('embedded mode renders in place without overlay; closing shows Connect', async () => {
    const modal = await makeModal({ enableEmbedded: true })
    const el = document.createElement('wallet-modal')
    document.body.append(el)
    const dialog = await waitFor(() => el.shadowRoot?.querySelector('[role="dialog"]'))
    expect(el.shadowRoot!.querySelector('.wm-overlay')).to.equal(null)
    expect(dialog.hasAttribute('aria-modal')).to.equal(false)
    modal.close()
    expect(modal.router.state.view).to.equal('Connect')
  })

  it('takes --wm-z-index and --wm-modal-width from the page, with defaults 999 and 360px', async () => {
    const modal = await makeModal()
    modal.open()
    const overlay = await waitFor(() => modalRoot().querySelector<HTMLElement>('.wm-overlay'))
    expect(getComputedStyle(overlay).zIndex).to.equal('999')
    expect(getComputedStyle(modalRoot().querySelector('.wm-dialog')!).width).to.equal('360px')
    document.documentElement.style.setProperty('--wm-z-index', '42')
    document.querySelector<HTMLElement>('wallet-modal')!.style.setProperty('--wm-modal-width', '400px')
    try {
      expect(getComputedStyle(overlay).zIndex).to.equal('42')
      expect(getComputedStyle(modalRoot().querySelector('.wm-dialog')!).width).to.equal('400px')
    } finally {
      document.documentElement.style.removeProperty('--wm-z-index')
    }
  })

  it('applies theme variables from options and the theme attribute (light/dark)', async () => {
    const modal = await makeModal({ themeMode: 'light', themeVariables: { '--wm-z-index': 7 } })
    modal.open()
    const dialog = await waitFor(() => modalRoot().querySelector<HTMLElement>('.wm-dialog'))
    expect(getComputedStyle(modalRoot().querySelector('.wm-overlay')!).zIndex).to.equal('7')
    const light = getComputedStyle(dialog).backgroundColor
    expect(light).to.equal('rgb(255, 255, 255)')
    document.querySelector('wallet-modal')!.setAttribute('theme', 'dark')
    await waitFor(() => getComputedStyle(modalRoot().querySelector('.wm-dialog')!).backgroundColor !== light)
    expect(getComputedStyle(modalRoot().querySelector('.wm-dialog')!).backgroundColor).to.equal('rgb(25, 26, 26)')
    document.querySelector('wallet-modal')!.removeAttribute('theme')
    modal.setThemeMode('dark')
    await waitFor(() => getComputedStyle(modalRoot().querySelector('.wm-dialog')!).backgroundColor === 'rgb(25, 26, 26)')
  })

  it('writes nothing to document.head and styles through an adopted stylesheet', async () => {
    const before = document.head.innerHTML
    const modal = await makeModal()
    modal.open()
    await waitFor(() => modalRoot().querySelector('[role="dialog"]'))
    expect(document.head.innerHTML).to.equal(before)
    // The base sheet (from the first chunk) and the dialog's own sheet (from its lazy chunk).
    expect(modalRoot().adoptedStyleSheets.length).to.equal(2)
    expect(modalRoot().querySelector('style')).to.equal(null)
  })

  it('Escape closes, Tab stays inside, the close button is labelled', async () => {
    const modal = await makeModal()
    modal.open()
    await waitFor(() => modalRoot().querySelector('[role="dialog"]'))
    const close = findButton(modalRoot(), 'Close')
    expect(close, 'labelled close button').to.not.equal(undefined)
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' })
      expect(document.activeElement?.tagName).to.equal('WALLET-MODAL')
      expect(modalRoot().activeElement).to.not.equal(null)
    }
    await sendKeys({ press: 'Escape' })
    await waitFor(() => !modal.modal.state.open)
  })

  it('is a native modal dialog: the page behind is inert, a press on the backdrop closes, focus returns to the opener', async () => {
    const modal = await makeModal()
    const opener = document.createElement('button')
    opener.textContent = 'Open'
    opener.dataset.testHost = ''
    opener.addEventListener('click', () => modal.open())
    const behind = document.createElement('button')
    behind.textContent = 'Behind'
    behind.dataset.testHost = ''
    document.body.append(opener, behind)
    try {
      opener.focus()
      opener.click()
      const dialog = await waitFor(() => modalRoot().querySelector<HTMLDialogElement>('dialog.wm-dialog'))
      expect(dialog.matches(':modal'), 'shown with showModal()').to.equal(true)
      // Placed by the top layer: centred in the window, 360 px wide.
      await waitFor(() => getComputedStyle(dialog).animationName === 'none' || dialog.getAnimations().every(a => a.playState === 'finished'))
      const placed = dialog.getBoundingClientRect()
      expect(placed.width).to.equal(360)
      expect(Math.abs(placed.left + placed.width / 2 - innerWidth / 2), 'centred across').to.be.below(1)
      expect(Math.abs(placed.top + placed.height / 2 - innerHeight / 2), 'centred down').to.be.below(1)
      // Nothing behind can take focus or a pointer while it is open (the top layer makes it inert).
      behind.focus()
      expect(document.activeElement).to.not.equal(behind)
      const box = behind.getBoundingClientRect()
      expect(document.elementFromPoint(box.x + 2, box.y + 2)).to.not.equal(behind)
      expect(document.documentElement.style.overflow, 'the page does not scroll').to.equal('hidden')
      // A real press in the corner of the page, outside the dialog's box, lands on its backdrop.
      await sendMouse({ type: 'click', position: [2, 2] })
      await waitFor(() => !modal.modal.state.open)
      await waitFor(
        () => document.activeElement === opener,
        3000,
        `focus back on the opener, not ${document.activeElement?.tagName} ${document.activeElement?.textContent}`
      )
      expect(document.documentElement.style.overflow).to.equal('')
      // A press on the dialog element itself inside its box (its border or padding, not a
      // control) keeps it open, and so does a right-button press outside it.
      opener.click()
      const again = await waitFor(() => modalRoot().querySelector<HTMLDialogElement>('dialog.wm-dialog'))
      await waitFor(() => again.getAnimations().every(a => a.playState === 'finished'))
      const r = again.getBoundingClientRect()
      const press = (x: number, y: number, button = 0) =>
        again.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, clientX: x, clientY: y, button }))
      press(r.x + r.width / 2, r.bottom - 1)
      press(2, 2, 2)
      await nextFrame()
      expect(modal.modal.state.open).to.equal(true)
      expect(again.open).to.equal(true)
      press(2, 2)
      await waitFor(() => !modal.modal.state.open)
    } finally {
      opener.remove()
      behind.remove()
    }
  })

  it("yields to a wallet SDK's own layer: an element another script appends to the page stays usable, the modal stays open", async () => {
    const modal = await makeModal()
    modal.open()
    const dialog = await waitFor(() => modalRoot().querySelector<HTMLDialogElement>('dialog.wm-dialog'))
    expect(dialog.matches(':modal')).to.equal(true)
    // The embedded wallet's hidden frame is the modal's own: still modal.
    const frame = document.createElement('iframe')
    frame.setAttribute('data-wallet-modal-frame', '')
    document.body.append(frame)
    // An SDK's "Popup was blocked. Try again" bar, drawn over everything.
    const bar = document.createElement('button')
    bar.textContent = 'Try again'
    bar.dataset.testHost = ''
    Object.assign(bar.style, { position: 'fixed', left: '0', top: '0', zIndex: '2147483647' })
    try {
      await nextFrame()
      expect(dialog.matches(':modal'), 'our own frame changes nothing').to.equal(true)
      document.body.append(bar)
      await waitFor(() => !dialog.matches(':modal'), 3000, 'the dialog non-modal')
      expect(dialog.open).to.equal(true)
      const box = bar.getBoundingClientRect()
      expect(document.elementFromPoint(box.x + 2, box.y + 2)).to.equal(bar)
      bar.focus()
      expect(document.activeElement).to.equal(bar)
      await nextFrame()
      expect(modal.modal.state.open, 'the switch is no close').to.equal(true)
      modal.close()
      await waitFor(() => !modalRoot().querySelector('dialog.wm-dialog'))
    } finally {
      frame.remove()
      bar.remove()
    }
  })

  it('every button has an accessible name', async () => {
    const modal = await makeModal()
    modal.open()
    await waitFor(() => modalRoot().querySelector('[role="dialog"]'))
    for (const b of modalRoot().querySelectorAll('button')) expect((b.getAttribute('aria-label') ?? b.textContent ?? '').trim()).to.not.equal('')
  })

  it('takes no layout space while closed, is a visible layer over the page while open, and a block when embedded', async () => {
    const modal = await makeModal({ disableAppend: true })
    const row = document.createElement('div')
    row.dataset.testHost = ''
    // A site's flex header with a gap, the modal element placed between two items.
    row.innerHTML = '<style>.site-row { display: flex; gap: 20px }</style><div class="site-row"><span>A</span><wallet-modal></wallet-modal><span>B</span></div>'
    document.body.append(row)
    const el = row.querySelector('wallet-modal')! as HTMLElement
    const [a, b] = [...row.querySelectorAll('span')]
    const gapNow = () => b!.getBoundingClientRect().left - a!.getBoundingClientRect().right
    expect(gapNow()).to.equal(20)
    expect(el.getClientRects().length).to.equal(0)

    modal.open()
    await waitFor(() => el.shadowRoot!.querySelector('[role="dialog"]'), 5000, 'the dialog')
    const box = el.getBoundingClientRect()
    expect([box.left, box.top, box.width, box.height]).to.deep.equal([0, 0, innerWidth, innerHeight])
    expect(getComputedStyle(el).position).to.equal('fixed')
    expect(getComputedStyle(el).zIndex).to.equal('999')
    // Out of the page's flow: the header did not move.
    expect(gapNow()).to.equal(20)

    modal.close()
    await waitFor(() => el.getClientRects().length === 0, 5000, 'no box once closed')
    expect(gapNow()).to.equal(20)
  })

  it('embedded, the host is a block in the page holding the dialog', async () => {
    await makeModal({ enableEmbedded: true })
    const holder = document.createElement('div')
    holder.dataset.testHost = ''
    holder.innerHTML = '<style>.site-panel { width: 420px }</style><div class="site-panel"><wallet-modal></wallet-modal></div>'
    document.body.append(holder)
    const el = holder.querySelector('wallet-modal')! as HTMLElement
    const dialog = await waitFor(() => el.shadowRoot!.querySelector('[role="dialog"]'), 5000, 'the dialog')
    await waitFor(() => getComputedStyle(el).display === 'block', 5000, 'a block host')
    const box = el.getBoundingClientRect()
    expect(box.width).to.equal(420)
    expect(box.height).to.be.greaterThan(0)
    const inner = dialog.getBoundingClientRect()
    expect(inner.top).to.be.at.least(box.top)
    expect(inner.bottom).to.be.at.most(box.bottom)
  })
})
