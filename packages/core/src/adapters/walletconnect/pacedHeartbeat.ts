/**
 * The sign-client's heartbeat (`client.core.heartbeat`, `@walletconnect/heartbeat`'s HeartBeat):
 * `pulse()` emits `heartbeat_pulse`, which its expirer, publisher, subscriber and relayer listen to.
 * `pulse` is not in the SDK's declared interface, hence optional here.
 */
export interface SdkHeartbeat {
  /** Clears the SDK's own interval. */
  stop(): void
  pulse?: () => void
}

/** A heartbeat that beats only while something is live. */
export interface PacedHeartbeat {
  /** Starts beating when something is live and it does not beat yet (a pairing or a session began). */
  wake(): void
  /** Whether it beats now. */
  beating(): boolean
  /** Stops for good, the SDK's own interval included (the client closed). */
  stop(): void
}

/**
 * Takes over the sign-client's heartbeat: the SDK's own interval runs from its start until it is
 * stopped, every 5 s whether or not anything is live, and is not tied to the modal's lifetime. It
 * is stopped at once and replaced by one that pulses every `everyMs` while `live()` holds (a
 * pairing on offer, a session kept), stops by itself at the first beat that finds nothing live,
 * and is started again by {@link PacedHeartbeat.wake}. So expiries (pairings, proposals,
 * requests, sessions) are noticed within one beat while they can happen, and an idle page keeps
 * no 5 s timer. An SDK without `pulse()` keeps its own interval (until {@link PacedHeartbeat.stop}).
 *
 * @example
 * ```ts
 * const heartbeat = pacedHeartbeat(client.core.heartbeat, WC_HEARTBEAT_MS, () => client.session.length > 0)
 * heartbeat.wake() // beats every 5 s while a session is kept
 * heartbeat.stop() // on close
 * ```
 *
 * @param sdk - The sign-client's heartbeat.
 * @param everyMs - Time between beats (`WC_HEARTBEAT_MS`, 5 s).
 * @param live - Whether a pairing or a session needs the beat now.
 */
export function pacedHeartbeat(sdk: SdkHeartbeat, everyMs: number, live: () => boolean): PacedHeartbeat {
  let stopped = false
  const pulse = typeof sdk.pulse === 'function' ? sdk.pulse.bind(sdk) : undefined
  if (!pulse) {
    return {
      wake() {},
      beating: () => !stopped,
      stop() {
        stopped = true
        sdk.stop()
      }
    }
  }
  sdk.stop()
  let timer: ReturnType<typeof setInterval> | undefined
  const halt = () => {
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
  }
  const beat = () => {
    if (!live()) return halt()
    try {
      pulse()
    } catch {
      // A listener that throws must not stop the others' next beat.
    }
  }
  return {
    wake() {
      if (!stopped && timer === undefined && live()) timer = setInterval(beat, everyMs)
    },
    beating: () => timer !== undefined,
    stop() {
      stopped = true
      halt()
      sdk.stop()
    }
  }
}
