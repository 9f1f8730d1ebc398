/**
 * The one stylesheet of every wallet-modal element, adopted by each shadow root as a constructed
 * stylesheet (allowed under a strict CSP; nothing goes to document.head).
 *
 * Public custom properties (`--wm-*`) are read with fallbacks instead of being declared on :host,
 * so a page can set them anywhere above the element (even on :root) and they inherit in. The
 * private `--_wm-*` properties hold the resolved values with the spec's defaults; they are declared
 * on :host and again on the inner `.wm-root`, where the site's `themeVariables` are set inline.
 * `--_wm-accent-text` is the accent used as text on the modal's surfaces, kept at 4.5:1 contrast
 * or more in each theme; so are `--_wm-error` and `--_wm-success` on `--_wm-bg-2` (the snackbar's).
 *
 * Hosts are `inline-block`: a real box sized by what it holds, so a site's CSS (`margin-left:
 * auto` in a flex header) and a site's tests (clicking `connect-button` itself) can address the
 * element, and a site's own `display` rule still wins over `:host`. The `<wallet-modal>` host has
 * no box while closed (`display: contents`), so it never takes layout space where a site puts it;
 * the dialog gives it one while shown (see MODAL_STYLES). Comments stay out of the CSS text: it
 * ships in the first chunk.
 */
export const BASE_STYLES = /* css */ `
:host,
.wm-root {
  --_wm-z-index: var(--wm-z-index, 999);
  --_wm-width: var(--wm-modal-width, 360px);
  --_wm-accent: var(--wm-accent, #3b6cf6);
  --_wm-accent-text: var(--wm-accent-text, #2f5ee0);
  --_wm-font: var(--wm-font-family, Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  --_wm-fs: var(--wm-font-size-master, 10px);
  --_wm-radius: var(--wm-border-radius-master, 4px);
  --_wm-bg: var(--wm-color-bg, #ffffff);
  --_wm-bg-2: var(--wm-color-bg-2, #f2f3f5);
  --_wm-fg: var(--wm-color-fg, #141414);
  --_wm-fg-2: var(--wm-color-fg-2, #5c5f66);
  --_wm-border: var(--wm-color-border, rgba(0, 0, 0, 0.1));
  --_wm-error: var(--wm-color-error, #c0282f);
  --_wm-success: var(--wm-color-success, #157a46);
  --_wm-overlay: var(--wm-overlay, rgba(0, 0, 0, 0.4));
  font-family: var(--_wm-font);
}
:host { display: inline-block; }
:host(wallet-modal) { display: contents; }
.wm-root.wm-theme-dark {
  --_wm-bg: var(--wm-color-bg, #191a1a);
  --_wm-bg-2: var(--wm-color-bg-2, #2a2a2a);
  --_wm-fg: var(--wm-color-fg, #e4e7e7);
  --_wm-fg-2: var(--wm-color-fg-2, #9a9a9a);
  --_wm-border: var(--wm-color-border, rgba(255, 255, 255, 0.1));
  --_wm-overlay: var(--wm-overlay, rgba(0, 0, 0, 0.6));
  --_wm-accent-text: var(--wm-accent-text, #8fb0ff);
  --_wm-error: var(--wm-color-error, #ff8080);
  --_wm-success: var(--wm-color-success, #5ad28c);
}
* { box-sizing: border-box; }
.wm-root { font-family: var(--_wm-font); font-size: calc(var(--_wm-fs) * 1.4); color: var(--_wm-fg); line-height: 1.35; }
.wm-connect-button {
  font-family: var(--_wm-font); font-size: calc(var(--_wm-fs) * 1.4); font-weight: 600; cursor: pointer;
  display: inline-flex; align-items: center; gap: 8px; padding: 10px 16px; min-height: 40px;
  border: 1px solid var(--_wm-border); border-radius: calc(var(--_wm-radius) * 4);
  background: var(--_wm-accent); color: #fff;
}
.wm-connect-button[data-connected='true'] { background: var(--_wm-bg-2); color: var(--_wm-fg); }
.wm-connect-button:disabled { opacity: 0.7; cursor: progress; }
.wm-connect-button .wm-balance-inline { color: var(--_wm-fg-2); font-weight: 500; }
.wm-pending { font-size: 0.85em; padding: 1px 6px; border-radius: 999px; background: var(--_wm-accent); color: #fff; }
`
