/** The parts of a WalletConnect session the modal reads (the sign-client's `SessionTypes.Struct`). */
export interface WcSession {
  topic: string
  expiry: number
  namespaces: Record<string, { accounts: string[]; methods: string[]; events: string[]; chains?: string[] }>
  peer: { metadata: { name: string; url?: string; icons?: string[] } }
}

/** The parts of the sign-client the provider uses; the real client satisfies it. */
export interface WcSignClient {
  request<T = unknown>(args: { topic: string; chainId: string; request: { method: string; params?: unknown } }): Promise<T>
  disconnect(args: { topic: string; reason: { code: number; message: string } }): Promise<void>
  on(event: string, listener: (args: any) => void): unknown
  off(event: string, listener: (args: any) => void): unknown
}
