// The VS Code webview API (acquireVsCodeApi), typed with our message contract. Outside VS Code
// (a plain browser page) a stand-in keeps the state in memory and drops messages.

import type { WebviewToHost } from '../protocol';

export interface HostApi {
  postMessage(m: WebviewToHost): void;
  getState(): unknown;
  setState(s: unknown): void;
}

declare global {
  // Provided by VS Code inside webviews; may be called once.
  function acquireVsCodeApi(): HostApi;
}

export function hostApi(): HostApi {
  if (typeof acquireVsCodeApi === 'function') return acquireVsCodeApi();
  let state: unknown;
  return {
    postMessage: () => undefined,
    getState: () => state,
    setState: (s) => (state = s),
  };
}
