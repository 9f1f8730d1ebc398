/**
 * A deterministic gradient avatar for an address (no image fetched). Colours come from the
 * address's hex digits; applied through React's style object, i.e. the CSSOM, which a strict
 * CSP allows.
 */
export function Avatar({ address, size }: { address: string; size?: number }) {
  const hex = address.replace(/^0x/, '').toLowerCase().padEnd(12, '0')
  const hue = (i: number) => (parseInt(hex.slice(i, i + 4), 16) || 0) % 360
  const background = `radial-gradient(circle at 30% 30%, hsl(${hue(0)} 80% 70%), hsl(${hue(4)} 70% 50%) 60%, hsl(${hue(8)} 60% 35%))`
  return <span className="wm-avatar" aria-hidden="true" style={size ? { background, width: size, height: size, flex: 'none' } : { background }} />
}
