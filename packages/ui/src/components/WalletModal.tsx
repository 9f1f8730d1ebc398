import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react'
import { useSnapshot } from 'valtio/react'
import type { Core } from '@wallet-modal/core/internal'
import { useDialogT } from '../hooks/useDialogT.js'
import { CoreContext } from '../hooks/CoreContext.js'
import { VIEWS, preloadNextViews } from '../views/registry.js'
import { Header } from './Header.js'
import { Snackbar } from './Snackbar.js'
import { AlertBanner } from './AlertBanner.js'
import { trapTabKey, initialFocusTarget } from '../a11y/focusTrap.js'
import { deepActiveElement } from '../a11y/deepActiveElement.js'
import { lockScroll } from '../a11y/scrollLock.js'
import { yieldToForeignLayers } from '../a11y/yieldToForeignLayers.js'
import { themeClass, themeStyle } from './themeProps.js'
import { adoptStyles } from '../theme/stylesheet.js'
import { MODAL_STYLES } from '../theme/modalStyles.js'
import { showHost } from '../elements/showHost.js'
import { lazyComponent } from '../lazy/lazyComponent.js'

// The footer link loads beside the dialog (remote configuration may hide it anyway).
const BrandingFooter = lazyComponent(() => import('./BrandingFooter.js').then(m => m.BrandingFooter))

// The small chunks a first open shows beside this one (the footer link, the font loader) start
// loading as soon as this chunk runs: when it was prefetched
// (idle page, hover, focus), the visitor's click then makes no request before the Connect view
// paints (the `npm run bench` budget, docs/performance.md). Here rather than in the first chunk's
// loader, whose every byte a site pays. The font file itself still loads on the first open.
BrandingFooter.preload().catch(() => {})
import('../theme/loadModalFont.js').catch(() => {})

/** Props of {@link WalletModal}. */
export interface WalletModalProps {
  core: Core
  /** `light` or `dark`; overrides the core's theme mode for this element. */
  theme?: string
}

/**
 * The modal: an overlay with a labelled native modal `<dialog>` (top layer, the rest of the page
 * inert) showing the router's current view. Focus moves in on open, Tab wraps inside, Escape or a
 * press on the backdrop closes, the page behind does not scroll, and focus returns to the opener.
 * In embedded mode it renders in place as a plain labelled region, always visible, without overlay.
 */
export function WalletModal({ core, theme }: WalletModalProps) {
  const modal = useSnapshot(core.modal.state)
  const router = useSnapshot(core.router.state)
  const themeState = useSnapshot(core.theme.state)
  // The language and writing direction the dialog renders in (right-to-left for Arabic).
  const i18n = useSnapshot(core.i18n.state)
  const t = useDialogT(core)
  const embedded = core.options.state.enableEmbedded
  const dialogRef = useRef<HTMLElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const visible = modal.open || embedded
  const rootRef = useRef<HTMLDivElement>(null)

  // The dialog's styles came with this chunk: adopt them before the first paint of the dialog.
  useLayoutEffect(() => {
    const root = rootRef.current?.getRootNode()
    if (root instanceof ShadowRoot) adoptStyles(root, MODAL_STYLES)
  })

  // The host gets its box (see MODAL_STYLES) only while the dialog is shown. The modal's font
  // (Inter) is fetched the first time it shows, never for the button alone.
  useLayoutEffect(() => {
    const root = rootRef.current?.getRootNode()
    if (!visible || !(root instanceof ShadowRoot)) return
    // A chunk of its own: the system stack paints meanwhile (display: swap), so the loader is kept
    // off the path to the first Connect view. A failed import leaves the system fonts.
    const host = root.host
    import('../theme/loadModalFont.js')
      .then(m => m.loadModalFont(host, { fontUrl: core.options.state.fontUrl, themeVariables: core.theme.state.themeVariables }))
      .catch(() => undefined)
    return showHost(root.host, embedded ? 'embedded' : 'open')
  }, [visible, embedded, core])

  // A native modal dialog (top layer): the rest of the page becomes inert, so it can be neither
  // clicked, focused nor read by assistive technology while the modal is open, and no page
  // z-index can draw over it. Shown before the first paint, closed when the modal closes.
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (!modal.open || embedded || !(dialog instanceof HTMLDialogElement)) return
    // Taken before showModal() moves focus into the dialog.
    openerRef.current = deepActiveElement() as HTMLElement | null
    if (!dialog.open) dialog.showModal()
    const stopWatching = yieldToForeignLayers(dialog)
    return () => {
      stopWatching()
      if (dialog.open) dialog.close()
    }
  }, [modal.open, embedded])

  useEffect(() => {
    if (!modal.open || embedded) return
    const unlock = lockScroll()
    const dialog = dialogRef.current
    if (dialog) initialFocusTarget(dialog).focus()
    return () => {
      unlock()
      const opener = openerRef.current
      openerRef.current = null
      // Return focus to what opened the modal, if it is still on the page.
      if (opener?.isConnected) opener.focus()
    }
  }, [modal.open, embedded])

  useEffect(() => preloadNextViews(router.view), [router.view])

  useEffect(() => {
    // After a view change, keep focus inside the dialog (the focused button may have unmounted).
    const dialog = dialogRef.current
    if (!modal.open || embedded || !dialog) return
    const active = deepActiveElement()
    if (!active || !dialog.contains(active)) initialFocusTarget(dialog).focus()
  }, [router.view, modal.open, embedded])

  if (!visible) return null
  const def = VIEWS[router.view] as (typeof VIEWS)[keyof typeof VIEWS]
  const View = def.component
  const onKeyDown = (e: ReactKeyboardEvent<HTMLElement>) => {
    if (embedded) return
    if (e.key === 'Escape') {
      // Handled here, so the browser's own close request (the dialog's `cancel`) does not run too.
      e.preventDefault()
      e.stopPropagation()
      core.close()
    } else if (dialogRef.current) trapTabKey(e.nativeEvent, dialogRef.current)
  }
  const content = (
    <>
      <Header
        title={def.title(core.router.state.data, t)}
        labels={{ back: t('dialog.back'), close: t('dialog.close') }}
        titleId={titleId}
        onBack={router.history.length > 1 ? () => core.router.goBack() : undefined}
        onClose={embedded ? undefined : () => core.close()}
      />
      <AlertBanner />
      <div className="wm-body" part="body">
        <View
          fallback={
            <div className="wm-center" role="status" aria-label={t('dialog.loading')}>
              <span className="wm-spinner" />
            </div>
          }
        />
      </div>
      <BrandingFooter core={core} />
      <Snackbar />
    </>
  )
  const className = `wm-dialog${modal.shake ? ' wm-shake' : ''}`
  // The embedded one is a <div> in the page's flow, not modal.
  const dialog = embedded ? (
    <div ref={dialogRef as RefObject<HTMLDivElement>} className={className} part="dialog" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
      {content}
    </div>
  ) : (
    <dialog
      ref={dialogRef as RefObject<HTMLDialogElement>}
      className={className}
      part="dialog"
      // biome-ignore lint/a11y/noRedundantRoles: stated so both modes (the embedded one is a <div>) answer one `[role="dialog"]` selector, for site scripts as for tests
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      // The browser's close request (Escape without our handler, a platform back gesture):
      // the modal closes through the core, so its state and the dialog agree.
      onCancel={e => {
        e.preventDefault()
        core.close()
      }}
      onClose={e => {
        // Open again already: it only changed to non-modal (see yieldToForeignLayers).
        if (e.currentTarget.open) return
        if (core.modal.state.open) core.close()
      }}
      // A press on the backdrop (outside the dialog's box, where the overlay shows) closes.
      onMouseDown={e => {
        // The main button only: a right or middle press on the page is not "close".
        if (e.target !== e.currentTarget || e.button !== 0) return
        const box = e.currentTarget.getBoundingClientRect()
        const inside = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom
        if (inside) return
        // The press's own focus change would run after the dialog is gone and leave focus on
        // the page's body instead of the opener.
        e.preventDefault()
        core.close()
      }}
    >
      {content}
    </dialog>
  )
  return (
    <CoreContext.Provider value={core}>
      <div
        ref={rootRef}
        className={`wm-root ${themeClass(theme, themeState.themeMode)}${embedded ? ' wm-embedded' : ''}`}
        style={themeStyle(themeState.themeVariables)}
        lang={i18n.locale}
        dir={i18n.dir}
      >
        {embedded ? (
          dialog
        ) : (
          // The overlay only paints the dimmed page; the dialog's backdrop above it takes the presses.
          <div className="wm-overlay" part="overlay" data-testid="wm-overlay">
            {dialog}
          </div>
        )}
      </div>
    </CoreContext.Provider>
  )
}
