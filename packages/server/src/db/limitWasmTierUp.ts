import { setFlagsFromString } from 'node:v8'

// V8 compiles WebAssembly lazily with its baseline compiler (Liftoff) and recompiles the functions
// that get hot with its optimising one (TurboFan), on background threads. PGlite's postgres module
// is 9 MB of WebAssembly, and its start-up and migrations make hundreds of functions hot at once:
// the TurboFan jobs' temporary memory is freed afterwards, but stays in the compile threads' malloc
// arenas, so the process keeps it. Measured (bare process, database on a folder): 159 MB resident
// with tier-up, 121-127 MB without; the server: ~100 MB less (397 → 298 MB before its other
// fixes). Query speed on this server's workload (short statements; the JS ↔ WebAssembly round
// trip dominates) was the same within noise: 3,000 inserts, 3,000 index lookups and 20 scans in
// 0.6-1.2 s either way; a long scan can be ~20% slower on Liftoff code.
//
// The flag is process-wide: WebAssembly that the host application compiles afterwards is not
// optimised either. Set WM_PGLITE_TURBOFAN=1 to keep V8's default. It must be set before PGlite
// compiles its module: V8 reads it per compilation, so setting it at run time is effective (the
// measurement above was made that way) and safe: every function of pglite.wasm and initdb.wasm
// compiles with Liftoff (checked by compiling both eagerly with `--liftoff-only
// --no-wasm-lazy-compilation`), so there is no function that would need TurboFan.

let done = false

/**
 * Keeps V8 from re-optimising WebAssembly (`--liftoff-only`), once, before the first PGlite
 * database opens, unless `WM_PGLITE_TURBOFAN=1`.
 */
export function limitWasmTierUp(): void {
  if (done) return
  done = true
  if (process.env.WM_PGLITE_TURBOFAN === '1') return
  setFlagsFromString('--liftoff-only')
}
