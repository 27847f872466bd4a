// The differential flame graph's tree as the LSP payload carries it (built by diff-view.ts,
// read by the webview): types only, no Node, so the webview's own tsconfig can import it.

/**
 * The union tree in flat arrays, in an order where parents come first. `methods` are keys
 * `className \0 name \0 descriptor` (profile method indices differ between profiles); the
 * webview matches its contexts by (parent, method key, call line).
 */
export interface DiffTree {
  methods: string[];
  parent: number[];
  method: number[];
  callLine: number[];
  baseSelf: number[];
  baseTotal: number[];
  newSelf: number[];
  newTotal: number[];
}
