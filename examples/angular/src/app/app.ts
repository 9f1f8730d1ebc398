// app.ts: a standalone component; bootstrapApplication(App) in main.ts.
import { Component, CUSTOM_ELEMENTS_SCHEMA, inject, signal } from '@angular/core'
import { createWalletModal, type WalletModalEventMap } from '@wallet-modal/ui'
import { provideWalletModal, WalletModalService } from '@wallet-modal/angular'

const modal = createWalletModal({
  projectId: 'example',
  // The devnet's chain through the demo server's RPC proxy; your site lists its own networks.
  networks: [{ id: 31337, name: 'Devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [new URL('/rpc/31337', location.origin).href] } } }],
  metadata: { name: 'wallet-modal + Angular', url: location.origin },
  disableAppend: true // the template places <wallet-modal>, to listen to it with (wm-*)
})

@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA], // <wallet-modal> and <connect-button> are custom elements
  // The service's signals follow the modal until this component is destroyed. For the whole app:
  // bootstrapApplication(App, { providers: [provideWalletModal(modal)] }) in main.ts.
  providers: [provideWalletModal(modal)],
  template: `
    <header>
      <h1>wallet-modal + Angular</h1>
      <connect-button [core]="modal"></connect-button>
    </header>
    <main>
      <p>Status: <span data-testid="status">{{ wallet.account().status }}</span> <span data-testid="address">{{ wallet.account().address ?? '' }}</span></p>
      <ol data-testid="events">
        @for (line of events(); track $index) {
          <li>{{ line }}</li>
        }
      </ol>
    </main>
    <wallet-modal [core]="modal" (wm-connect)="onConnect($event)" (wm-disconnect)="onDisconnect($event)"></wallet-modal>
  `
})
export class App {
  protected readonly modal = modal
  protected readonly wallet = inject(WalletModalService)
  protected readonly events = signal<string[]>([])

  // strictTemplates types $event from the element's own event map (@wallet-modal/ui declares
  // <wallet-modal> in HTMLElementTagNameMap): no cast, and a handler of another event fails ngc.
  protected onConnect(e: WalletModalEventMap['wm-connect']): void {
    this.events.update(list => [...list, `wm-connect ${e.detail.address}`])
  }

  protected onDisconnect(e: WalletModalEventMap['wm-disconnect']): void {
    this.events.update(list => [...list, `wm-disconnect ${e.detail.namespaces.join(',')}`])
  }
}
