/**
 * Styles of the dialog and its views. They ship in the dialog's lazily loaded chunk and are
 * adopted into the `<wallet-modal>` shadow root when the dialog first renders, so the first chunk
 * a site loads carries only what `<connect-button>` needs.
 *
 * The host's box while the dialog is shown (custom states set by {@link showHost}): over the page,
 * the host is the fixed layer holding the overlay (out of the page's flow, so it takes no layout
 * space, yet a site's test sees it visible while open); embedded, it is a block in the page.
 * Browsers without custom states keep `display: contents`, which renders the same.
 *
 * Motion: the dialog fades in (slides up as a phone's bottom sheet) and shakes when a connection
 * fails; with `prefers-reduced-motion: reduce` none of it runs. The shake lists the fade first so
 * that adding and removing it keeps the (finished) fade instead of starting it again, which made
 * the dialog vanish and fade back after every rejection. The progress spinner keeps turning: a
 * small rotation in place is not the kind of motion the preference guards against, and a spinner
 * that stands still reads as a modal that hung (the "Loading" one has no words beside it).
 *
 * Forced colours (Windows contrast themes) paint every background with the theme's Canvas: what
 * was told apart by its background alone (list rows, feature buttons, the social buttons, token
 * rows, the snackbar) gets a border there, drawn in the theme's text colour. Buttons with a
 * transparent border get it shown by the browser; the dialog has its own border; focus outlines
 * stay (in the theme's colour). Account's selected tab, told apart by its background and shadow
 * (both painted over), gets a thicker border in the theme's Highlight. That block is the sheet's
 * last, to win over the rules above.
 *
 * Account's tab panels (Tokens, Activity) scroll within a bounded height: Activity loads more as
 * it is scrolled and would otherwise push the network row and Disconnect ever further down. A
 * panel is in the Tab order (it has no control of its own to reach its scrolling), so it has a
 * focus ring of its own.
 *
 * Rows get a hover only where there is one (`hover: hover`): on a touch screen it would stick to
 * the row last tapped. Phones (`max-width: 600px`) get a bottom sheet (full width, anchored to the
 * bottom, clear of the home indicator), with touch targets of at least 44 px; not in embedded
 * mode, where the site places the modal. That block comes after the general rules, so it wins
 * over them. The "why" lives here, not in the CSS text, which ships with the dialog.
 *
 * The modal is a native `<dialog>` in the top layer: it places itself (`position: fixed`, centred
 * by its auto margins, 16 px clear of the edges), its `::backdrop` is transparent and takes the
 * presses outside it, and the overlay underneath only paints the dimmed page (it keeps
 * `--wm-z-index` for sites that stack their own content against it).
 */
export const MODAL_STYLES = /* css */ `
:host(:state(open)) { display: block; position: fixed; inset: 0; z-index: var(--_wm-z-index); }
:host(:state(embedded)) { display: block; }
.wm-overlay { position: fixed; inset: 0; z-index: var(--_wm-z-index); background: var(--_wm-overlay); }
dialog.wm-dialog { position: fixed; inset: 0; margin: auto; padding: 0; height: fit-content; max-width: calc(100% - 32px); }
dialog.wm-dialog::backdrop { background: transparent; }
.wm-dialog {
  width: var(--_wm-width); max-width: 100%; max-height: calc(100vh - 32px); overflow: auto;
  background: var(--_wm-bg); color: var(--_wm-fg);
  border: 1px solid var(--_wm-border); border-radius: calc(var(--_wm-radius) * 8);
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.2); outline: none;
  animation: wm-in 160ms ease-out;
}
.wm-embedded .wm-dialog { box-shadow: none; animation: none; max-height: none; }
.wm-shake { animation: wm-in 160ms ease-out, wm-shake 500ms ease-in-out; }
@keyframes wm-in { from { opacity: 0; transform: translateY(8px); } to { opacity: 1; transform: none; } }
@keyframes wm-shake { 20%, 60% { transform: translateX(-6px); } 40%, 80% { transform: translateX(6px); } }
@keyframes wm-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) {
  .wm-dialog { animation: none !important; }
}
.wm-header { display: grid; grid-template-columns: 36px 1fr 36px; align-items: center; padding: 12px 12px 8px; }
.wm-title { margin: 0; text-align: center; font-size: calc(var(--_wm-fs) * 1.6); font-weight: 600; }
.wm-body { padding: 8px 16px 16px; display: flex; flex-direction: column; gap: 8px; }
.wm-icon-button {
  width: 32px; height: 32px; border-radius: calc(var(--_wm-radius) * 2); border: 0; cursor: pointer;
  background: transparent; color: var(--_wm-fg-2); display: inline-flex; align-items: center; justify-content: center;
}
.wm-icon-button:hover { background: var(--_wm-bg-2); color: var(--_wm-fg); }
button:focus-visible, a:focus-visible { outline: 2px solid var(--_wm-accent); outline-offset: 2px; }
.wm-button {
  font: inherit; font-weight: 600; cursor: pointer; border-radius: calc(var(--_wm-radius) * 3);
  border: 1px solid transparent; padding: 10px 14px; background: var(--_wm-accent); color: #fff;
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
}
.wm-button:disabled { opacity: 0.6; cursor: default; }
.wm-button-secondary { background: var(--_wm-bg-2); color: var(--_wm-fg); }
.wm-button-danger { background: var(--_wm-bg-2); color: var(--_wm-error); }
.wm-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.wm-list-item {
  width: 100%; font: inherit; color: inherit; cursor: pointer; text-align: start;
  display: flex; align-items: center; gap: 12px; padding: 8px 10px;
  border: 0; border-radius: calc(var(--_wm-radius) * 4); background: var(--_wm-bg-2);
}
@media (hover: hover) { .wm-list-item:hover { filter: brightness(0.97); } }
.wm-list-item[aria-current='true'] { box-shadow: inset 0 0 0 1px var(--_wm-accent); }
.wm-list-item .wm-name { flex: 1; font-weight: 500; }
.wm-tag { font-size: calc(var(--_wm-fs) * 1.1); color: var(--_wm-fg-2); background: var(--_wm-bg); padding: 2px 6px; border-radius: 999px; }
.wm-tag-accent { color: var(--_wm-accent-text); }
.wm-image { width: 36px; height: 36px; border-radius: calc(var(--_wm-radius) * 3); object-fit: cover; flex: none; background: var(--_wm-bg); }
.wm-image-placeholder { display: inline-flex; align-items: center; justify-content: center; font-weight: 700; color: var(--_wm-fg-2); }
.wm-image-placeholder::before { content: attr(data-initial); }
.wm-image-large { width: 72px; height: 72px; border-radius: calc(var(--_wm-radius) * 5); font-size: 28px; }
.wm-center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 8px; padding: 8px 0; }
.wm-muted { color: var(--_wm-fg-2); margin: 0; }
.wm-footer { margin: 0; padding: 4px 16px 12px; text-align: center; font-size: 12px; color: var(--_wm-fg-2); }
.wm-footer a { color: inherit; display: inline-block; min-height: 24px; line-height: 24px; }
.wm-error-text { color: var(--_wm-error); margin: 0; font-weight: 600; }
[dir='rtl'] .wm-mirror { transform: scaleX(-1); }
.wm-spinner { width: 18px; height: 18px; border: 2px solid var(--_wm-border); border-top-color: var(--_wm-accent); border-radius: 50%; animation: wm-spin 800ms linear infinite; }
.wm-avatar { display: block; width: 64px; height: 64px; border-radius: 50%; }
.wm-full { width: 100%; }
.wm-address-row { display: flex; align-items: center; gap: 4px; font-size: calc(var(--_wm-fs) * 1.8); font-weight: 600; }
.wm-balance { font-size: calc(var(--_wm-fs) * 1.6); color: var(--_wm-fg-2); margin: 0; }
.wm-snackbar {
  margin: 0 16px 16px; padding: 8px 12px; border-radius: calc(var(--_wm-radius) * 4);
  background: var(--_wm-bg-2); display: flex; align-items: center; gap: 8px; font-weight: 500;
}
.wm-snackbar[data-variant='error'] { color: var(--_wm-error); }
.wm-snackbar[data-variant='success'] { color: var(--_wm-success); }
.wm-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.wm-search {
  width: 100%; font: inherit; padding: 10px 12px; border-radius: calc(var(--_wm-radius) * 3);
  border: 1px solid var(--_wm-border); background: var(--_wm-bg-2); color: var(--_wm-fg);
}
.wm-search:focus-visible { outline: 2px solid var(--_wm-accent); outline-offset: 1px; }
.wm-features { display: grid; grid-template-columns: repeat(auto-fit, minmax(0, 1fr)); gap: 8px; }
.wm-feature {
  font: inherit; color: inherit; cursor: pointer; border: 0; background: var(--_wm-bg-2); border-radius: calc(var(--_wm-radius) * 3);
  padding: 10px 4px; display: flex; flex-direction: column; align-items: center; gap: 4px; font-weight: 600;
}
.wm-feature:hover { filter: brightness(0.97); }
.wm-feature:focus-visible, .wm-token-pick:focus-visible, .wm-link:focus-visible { outline: 2px solid var(--_wm-accent); outline-offset: 1px; }
.wm-send { display: flex; flex-direction: column; gap: 12px; width: 100%; }
.wm-field { display: flex; flex-direction: column; gap: 4px; }
.wm-field label { font-weight: 600; }
.wm-input-row { display: flex; gap: 6px; align-items: stretch; }
.wm-amount { font-size: calc(var(--_wm-fs) * 2.2); min-width: 0; }
.wm-token-pick {
  font: inherit; color: inherit; cursor: pointer; border: 1px solid var(--_wm-border); background: var(--_wm-bg-2);
  border-radius: calc(var(--_wm-radius) * 3); padding: 4px 8px; display: flex; align-items: center; gap: 6px; flex: none; font-weight: 600;
}
.wm-token-pick .wm-image { width: 24px; height: 24px; }
.wm-hint { display: flex; justify-content: space-between; gap: 8px; min-height: 1.4em; margin: 0; align-items: center; flex-wrap: wrap; }
.wm-balance-line { display: inline-flex; gap: 6px; align-items: center; }
.wm-link { font: inherit; border: 0; background: none; padding: 0; color: var(--_wm-accent-text, var(--_wm-accent)); cursor: pointer; font-weight: 600; }
.wm-details { margin: 0; display: flex; flex-direction: column; gap: 6px; }
.wm-details div { display: flex; justify-content: space-between; gap: 8px; }
.wm-details dt { color: var(--_wm-fg-2); }
.wm-details dd { margin: 0; font-weight: 600; }
.wm-button-row { display: flex; gap: 8px; }
.wm-stack { display: flex; flex-direction: column; gap: 12px; }
.wm-connection { display: flex; flex-direction: column; gap: 4px; }
.wm-connection[aria-current='true'] > .wm-list-item { box-shadow: inset 0 0 0 1px var(--_wm-accent); }
.wm-row { display: flex; gap: 6px; justify-content: flex-end; }
.wm-divider { display: flex; align-items: center; gap: 8px; color: var(--_wm-fg-2); width: 100%; margin: 4px 0; }
.wm-divider::before, .wm-divider::after { content: ''; flex: 1; border-top: 1px solid var(--_wm-border); }
.wm-auth-name { margin: 0; font-weight: 600; }
.wm-social-row { list-style: none; margin: 6px 0 0; padding: 0; display: flex; gap: 6px; }
.wm-social-row li { flex: 1; }
.wm-social-button {
  width: 100%; min-height: 44px; display: flex; align-items: center; justify-content: center; cursor: pointer;
  border: 0; border-radius: calc(var(--_wm-radius) * 4); background: var(--_wm-bg-2); padding: 8px;
}
.wm-social-button:hover { filter: brightness(0.97); }
.wm-social-button img { display: block; border-radius: calc(var(--_wm-radius) * 2); }
.wm-button-row .wm-button { flex: 1; }
.wm-receive-address { font-family: ui-monospace, monospace; word-break: break-all; text-align: center; margin: 4px 0; }
.wm-chips { list-style: none; margin: 6px 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.wm-chip { display: inline-flex; align-items: center; gap: 6px; padding-block: 2px; padding-inline: 2px 8px; border-radius: 999px; background: var(--_wm-bg-2); }
.wm-chip .wm-image { width: 20px; height: 20px; border-radius: 50%; font-size: 10px; }
.wm-activity { width: 100%; }
.wm-siwx-images { display: flex; gap: 0; }
.wm-siwx-images > * { border: 3px solid var(--_wm-bg); border-radius: 50%; }
.wm-siwx-images > :last-child { margin-inline-start: -12px; }
.wm-sentinel { height: 1px; }
.wm-alert { margin: 0 16px 8px; padding: 8px 12px; border-radius: calc(var(--_wm-radius) * 3); background: var(--_wm-bg-2); display: flex; gap: 8px; align-items: flex-start; border-inline-start: 3px solid var(--_wm-accent); }
.wm-alert[data-variant='error'] { border-inline-start-color: var(--_wm-error); }
.wm-alert p { margin: 2px 0 0; }

.wm-total { font-size: calc(var(--_wm-fs) * 2.4); font-weight: 700; margin: 4px 0; text-align: center; }
.wm-token { display: flex; align-items: center; gap: 10px; padding: 6px 8px; border-radius: calc(var(--_wm-radius) * 3); background: var(--_wm-bg-2); }
.wm-token-qty { display: block; font-size: calc(var(--_wm-fs) * 1.2); }
.wm-token .wm-name { text-align: start; }
.wm-token [data-testid='token-value'] { font-weight: 600; }
.wm-tabs { display: flex; gap: 4px; padding: 4px; box-sizing: border-box; border-radius: calc(var(--_wm-radius) * 4); background: var(--_wm-bg-2); }
.wm-tab {
  flex: 1; min-height: 32px; font: inherit; font-weight: 600; color: var(--_wm-fg-2); cursor: pointer; display: flex; align-items: center; justify-content: center; gap: 6px;
  padding: 4px 8px; border: 1px solid transparent; border-radius: calc(var(--_wm-radius) * 3); background: transparent;
}
.wm-tab[aria-selected='true'] { background: var(--_wm-bg); color: var(--_wm-fg); box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); }
.wm-tab .wm-image { width: auto; height: auto; background: none; display: inline-flex; }
.wm-tab .wm-name { text-align: start; }
.wm-tabpanel { max-height: min(50vh, 420px); overflow-y: auto; border-radius: calc(var(--_wm-radius) * 3); }
.wm-tabpanel .wm-activity { text-align: start; }
.wm-tabpanel:focus-visible { outline: 2px solid var(--_wm-accent); outline-offset: 2px; }
a.wm-button { text-decoration: none; box-sizing: border-box; }
@media (max-width: 600px) {
  .wm-overlay .wm-dialog {
    width: 100%; max-width: 100%; margin: auto 0 0; max-height: calc(100vh - 24px); max-height: calc(100dvh - env(safe-area-inset-top, 0px) - 24px);
    border-radius: calc(var(--_wm-radius) * 8) calc(var(--_wm-radius) * 8) 0 0; border-bottom: 0;
    padding-bottom: env(safe-area-inset-bottom, 0px); animation-name: wm-up;
  }
  .wm-header { grid-template-columns: 44px 1fr 44px; }
  .wm-icon-button { width: 44px; height: 44px; }
  .wm-button, .wm-list-item, .wm-tab { min-height: 44px; }
  .wm-footer a { min-height: 44px; line-height: 44px; }
}
@keyframes wm-up { from { transform: translateY(100%); } to { transform: none; } }
@media (forced-colors: active) {
  .wm-list-item, .wm-feature, .wm-social-button, .wm-token, .wm-snackbar { border: 1px solid; }
  .wm-tab[aria-selected='true'] { border: 2px solid Highlight; }
}
`
