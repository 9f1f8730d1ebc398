import { DestroyRef, inject, PLATFORM_ID, type Provider } from '@angular/core'
import type { WalletModal, WalletModalInitialState } from '@wallet-modal/core'
import { WalletModalService } from './WalletModalService.js'

/** Options of {@link provideWalletModal}. */
export interface ProvideWalletModalOptions {
  /** What the server read from the cookie (`cookieToInitialState`), for server renders. */
  initialState?: WalletModalInitialState | undefined
}

/**
 * Provides {@link WalletModalService} over the modal: in `bootstrapApplication`'s providers (one
 * for the app) or a component's `providers` (one per component, ended with it). The service
 * stops following the modal when its injector is destroyed; on the server platform (Angular SSR)
 * it follows nothing and shows the server snapshot.
 *
 * @param modal - The modal `createWalletModal` made (in the browser), or undefined on the server.
 * @example
 * ```ts
 * bootstrapApplication(App, { providers: [provideWalletModal(modal)] })
 * // in a component:
 * protected readonly wallet = inject(WalletModalService)
 * ```
 */
export function provideWalletModal(modal: WalletModal | undefined, options: ProvideWalletModalOptions = {}): Provider {
  return {
    provide: WalletModalService,
    useFactory: () => {
      const onServer = String(inject(PLATFORM_ID, { optional: true })) === 'server'
      const service = new WalletModalService(modal, { initialState: options.initialState, ...(onServer ? { server: true } : {}) })
      inject(DestroyRef).onDestroy(() => service.destroy())
      return service
    }
  }
}
