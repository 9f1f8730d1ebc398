import { JsonRpcError, RPC_ERROR, type JsonRpcId } from './JsonRpcError.js'

/** Largest frame the relay reads. Larger ones are answered with an error, not parsed. */
export const MAX_FRAME_BYTES = 64 * 1024

/** What one WebSocket frame from a client turned out to be. */
export type RelayFrame =
  /** A request to answer. */
  | { kind: 'request'; id: string | number; method: string; params: unknown }
  /** A response from the client: the acknowledgement of an `irn_subscription` push. */
  | { kind: 'response' }
  /** Anything else: answered with `error`, under `id` when the frame had a usable one. */
  | { kind: 'invalid'; id: JsonRpcId; error: JsonRpcError }

const MAX_ID_LENGTH = 100
const MAX_METHOD_LENGTH = 100

/**
 * Reads one frame of the relay protocol (JSON-RPC 2.0, one object per frame). Never throws:
 * whatever a client sends, the caller gets something it can answer.
 *
 * Requests must carry an id: the relay has no notifications, and an answer is what tells a
 * client its frame was wrong.
 *
 * @param data - The frame's bytes.
 */
export function parseRelayFrame(data: Buffer): RelayFrame {
  if (data.byteLength > MAX_FRAME_BYTES) {
    return invalid(null, RPC_ERROR.invalidRequest, `Frame larger than ${MAX_FRAME_BYTES} bytes`)
  }
  let value: unknown
  try {
    value = JSON.parse(data.toString('utf8'))
  } catch {
    return invalid(null, RPC_ERROR.parse, 'Parse error: the frame is not JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(null, RPC_ERROR.invalidRequest, 'Expected one JSON-RPC 2.0 object (batches are not supported)')
  }
  const frame = value as Record<string, unknown>
  const id = usableId(frame.id)
  if (frame.method === undefined && ('result' in frame || 'error' in frame)) return { kind: 'response' }
  if (frame.jsonrpc !== '2.0') return invalid(id, RPC_ERROR.invalidRequest, 'jsonrpc must be "2.0"')
  if (typeof frame.method !== 'string' || frame.method.length === 0 || frame.method.length > MAX_METHOD_LENGTH) {
    return invalid(id, RPC_ERROR.invalidRequest, 'method must be a non-empty string')
  }
  if (id === null) return invalid(null, RPC_ERROR.invalidRequest, 'id must be a number or a string')
  return { kind: 'request', id, method: frame.method, params: frame.params }
}

/** The frame's id when it can be echoed back safely, else null. */
function usableId(id: unknown): string | number | null {
  if (typeof id === 'number' && Number.isFinite(id)) return id
  // The sign-client sends its big integer ids as strings; echo them unchanged.
  if (typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH) return id
  return null
}

function invalid(id: JsonRpcId, code: number, message: string): RelayFrame {
  return { kind: 'invalid', id, error: new JsonRpcError(code, message) }
}
