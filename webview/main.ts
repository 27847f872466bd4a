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
