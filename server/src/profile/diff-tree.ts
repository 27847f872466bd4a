// The differential flame graph's tree as the LSP payload carries it (built by diff-view.ts,
// read by the webview): types only, no Node, so the webview's own tsconfig can import it.

/**
 * What the webview draws of the union tree: the contexts of the new profile (the frames it
 * draws; contexts only in the baseline have no frame), in flat arrays, parents first, with
 * their baseline bytecodes. `methods` are keys `className \0 name \0 descriptor` (profile
 * method indices differ between profiles); the webview matches its contexts by (parent, method
 * key, call line).
 */
export interface DiffTree {
  methods: string[];
  parent: number[];
  method: number[];
  callLine: number[];
  baseSelf: number[];
  baseTotal: number[];
}

/**
 * The whole union tree of both profiles on the server (diff-view.ts), in typed columns (moved,
 * not copied, from the profile worker): every context of either side, parents first, with its
 * bytecodes on each side and whether the new profile has it.
 */
export interface DiffColumns {
  methods: string[];
  parent: Int32Array;
  method: Int32Array;
  callLine: Float64Array;
  baseSelf: Float64Array;
  baseTotal: Float64Array;
  newSelf: Float64Array;
  newTotal: Float64Array;
  /** 1: the new profile has this context (the root included). */
  inNew: Uint8Array;
}
