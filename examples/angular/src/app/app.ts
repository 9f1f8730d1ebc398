// app.ts: a standalone component; bootstrapApplication(App) in main.ts.
import { Component, CUSTOM_ELEMENTS_SCHEMA, DestroyRef, inject, signal } from '@angular/core'
import { createWalletModal, type WalletModalEventMap } from '@wallet-modal/ui'

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
  template: `
    <header>
      <h1>wallet-modal + Angular</h1>
      <connect-button [core]="modal"></connect-button>
    </header>
    <main>
      <p>Status: <span data-testid="status">{{ account().status }}</span> <span data-testid="address">{{ account().address ?? '' }}</span></p>
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
  // The account in Angular's state: a signal read now, then on every change of the modal's state.
  protected readonly account = signal(modal.getAccount())
  protected readonly events = signal<string[]>([])

  constructor() {
    inject(DestroyRef).onDestroy(modal.subscribeState(() => this.account.set(modal.getAccount())))
  }

  // Angular types $event as Event: the element's event map names the detail.
  protected onConnect(e: Event): void {
    const { detail } = e as WalletModalEventMap['wm-connect']
    this.events.update(list => [...list, `wm-connect ${detail.address}`])
  }

  protected onDisconnect(e: Event): void {
    const { detail } = e as WalletModalEventMap['wm-disconnect']
    this.events.update(list => [...list, `wm-disconnect ${detail.namespaces.join(',')}`])
  }
}
