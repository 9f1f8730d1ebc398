/** A provider event listener (EIP-1193 `accountsChanged`, `chainChanged`, `disconnect`...). */
export type ProviderListener = (...args: any[]) => void

/**
 * The EIP-1193 event half of the providers the modal itself makes (WalletConnect sessions, the
 * embedded wallet): `on`, `removeListener`, and `emit`, which keeps one throwing listener from
 * stopping the others.
 */
export class ProviderEvents {
  private readonly listeners = new Map<string, Set<ProviderListener>>()

  constructor(private readonly label: string) {}

  on(event: string, listener: ProviderListener): this {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener)
    return this
  }

  removeListener(event: string, listener: ProviderListener): this {
    this.listeners.get(event)?.delete(listener)
    return this
  }

  /** Calls every listener of `event` with `args`. */
  protected emit(event: string, ...args: unknown[]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) {
      try {
        l(...args)
      } catch (err) {
        console.warn(`[wallet-modal] a ${this.label} listener threw`, err)
      }
    }
  }
}
