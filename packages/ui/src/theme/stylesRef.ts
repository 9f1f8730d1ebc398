import { adoptStyles } from './stylesheet.js'

/**
 * A callback ref that adopts `css` into the shadow root its element is in. A lazy view or component
 * brings its own rules this way, in its own chunk, instead of the dialog's stylesheet every page
 * loads; React calls the ref before the browser paints, so nothing shows unstyled. Make it once,
 * at module level: a new function on each render would be called again on each render.
 *
 * @example
 * ```tsx
 * const withActivityStyles = stylesRef('.wm-tx { display: flex }')
 * return <div ref={withActivityStyles}>…</div>
 * ```
 */
export function stylesRef(css: string): (el: Element | null) => void {
  return el => {
    const root = el?.getRootNode()
    if (root instanceof ShadowRoot) adoptStyles(root, css)
  }
}
