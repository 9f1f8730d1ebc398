/**
 * A typed key for one lazily made part of a core (a feature's state, a client, a loaded module).
 * The module that makes the part declares its key, so `CoreRuntime` needs to know no feature's
 * type: adding a feature adds a key where the feature lives, not a slot here.
 *
 * @example
 * const SWAP = featureKey<SwapFeature>()
 * const swap = getOrMake(core.runtime.slots, SWAP, () => ({ controller: createSwapController(), quoteSeq: 0 }))
 */
export interface FeatureKey<T> {
  /** Carries the part's type only (never set): keys compare by identity, and have no name to keep the first chunk small. */
  readonly type?: (value: T) => T
}

/** Declares a key (once, in the module that owns the part). */
export const featureKey = <T>(): FeatureKey<T> => ({})

/**
 * The parts of one core made so far, by key: a `Map` typed so that each key gives its own part's
 * type (a plain Map at run time: the first chunk carries no class for it).
 */
export interface FeatureSlots {
  /** The part under `key`, if made. */
  get<T>(key: FeatureKey<T>): T | undefined
  /** Keeps `value` under `key`. */
  set<T>(key: FeatureKey<T>, value: T): FeatureSlots
  /** Forgets the part under `key` (a failed load is tried again later). */
  delete<T>(key: FeatureKey<T>): boolean
  /** Whether a part is kept under `key`. */
  has<T>(key: FeatureKey<T>): boolean
}

/** An empty set of slots. */
export const createFeatureSlots = (): FeatureSlots => new Map() as unknown as FeatureSlots

/** The part under `key`, made by `make` the first time. */
export function getOrMake<T>(slots: FeatureSlots, key: FeatureKey<T>, make: () => T): T {
  if (slots.has(key)) return slots.get(key) as T
  const value = make()
  slots.set(key, value)
  return value
}
