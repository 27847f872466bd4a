// Entry point of the webview bundle (dist/webview/main.js + main.css).

import './style.css';
import { App } from './app';
import { asHostMessage } from './protocol';
import { registerControls } from './ui/controls';
import { hostApi } from './ui/vscode';

function start(): void {
  const api = hostApi();
  const root = document.getElementById('komorium-app') ?? document.body.appendChild(document.createElement('div'));
  registerControls();
  const app = new App(root, api);
  window.addEventListener('message', (e: MessageEvent<unknown>) => {
    const msg = asHostMessage(e.data);
    if (msg) app.handle(msg);
  });
  api.postMessage({ type: 'ready' });
  // For the end-to-end test (test/e2e): the drawn frames, widest first, with their centres in
  // the canvas's CSS px (it hovers them to read their tooltips, and Ctrl-clicks one).
  Object.assign(window, {
    komoriumFrames: (): { node: number; depth: number; x: number; y: number }[] => {
      const t = app.tree;
      if (!t) return [];
      const out: { node: number; depth: number; x: number; y: number; w: number }[] = [];
      for (let i = 1; i < t.size; i++) {
        const c = app.flameView.frameCenter(i);
        if (c) out.push({ node: i, depth: t.depth[i]!, x: c.x, y: c.y, w: t.total[i]! });
      }
      return out.sort((a, b) => b.w - a.w).map(({ node, depth, x, y }) => ({ node, depth, x, y }));
    },
  });
}

try {
  start();
} catch (e) {
  const text = `The profile view failed to start: ${e instanceof Error ? e.message : String(e)}`;
  const p = document.createElement('p');
  p.className = 'fatal';
  p.textContent = text;
  document.body.appendChild(p);
  try {
    hostApi().postMessage({ type: 'error', message: text });
  } catch {
    // acquireVsCodeApi can be called only once; the message stays on the page.
  }
}
