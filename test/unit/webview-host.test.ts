// The webview's HTML page (strict CSP, escaping) and the message guards of the contract.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderWebviewHtml, webviewCsp } from '../../webview/host';
import { asHostMessage, asWebviewMessage } from '../../webview/protocol';

const base = {
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/main.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/main.css',
  cspSource: 'https://*.vscode-cdn.net',
  nonce: 'AbCdEfGhIjKlMnOpQrStUvWx0123456789',
  title: 'Profile',
};

test('the page has a strict CSP with the nonce on its only script and stylesheet', () => {
  const html = renderWebviewHtml(base);
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  assert.equal(
    csp,
    "default-src &#39;none&#39;; img-src https://*.vscode-cdn.net data:; style-src https://*.vscode-cdn.net &#39;nonce-AbCdEfGhIjKlMnOpQrStUvWx0123456789&#39;; script-src &#39;nonce-AbCdEfGhIjKlMnOpQrStUvWx0123456789&#39;; font-src https://*.vscode-cdn.net",
  );
  assert.equal(webviewCsp(base.cspSource, base.nonce).includes('unsafe'), false);
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  assert.deepEqual(scripts, [`<script nonce="${base.nonce}" src="${base.scriptUri}">`]);
  assert.match(html, new RegExp(`<link rel="stylesheet" nonce="${base.nonce}" href="${base.styleUri.replace(/[.+*]/g, '\\$&')}">`));
  assert.doesNotMatch(html, /\son\w+=/i, 'no inline event handlers');
  assert.doesNotMatch(html, /\sstyle=/i, 'no inline styles');
});

test('titles and URIs are escaped; a hostile title stays text', () => {
  const html = renderWebviewHtml({ ...base, title: '</title><script>alert(1)</script>"&\'', scriptUri: 'x.js?a=1&b="2"' });
  assert.match(html, /<title>&lt;\/title&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;&quot;&amp;&#39;<\/title>/);
  assert.equal((html.match(/<script\b/g) ?? []).length, 1);
  assert.match(html, /src="x\.js\?a=1&amp;b=&quot;2&quot;"/);
  assert.match(html, /data-title="&lt;\/title&gt;/);
});

test('unsafe nonces and CSP sources are refused', () => {
  assert.throws(() => renderWebviewHtml({ ...base, nonce: 'short' }), /nonce/);
  assert.throws(() => renderWebviewHtml({ ...base, nonce: "abcdefghijklmnop'; script-src *" }), /nonce/);
  assert.throws(() => renderWebviewHtml({ ...base, cspSource: "https://x; script-src 'unsafe-inline'" }), /cspSource/);
  assert.throws(() => renderWebviewHtml({ ...base, cspSource: 'https://x" onload="y' }), /cspSource/);
  assert.throws(() => renderWebviewHtml({ ...base, cspSource: "'unsafe-inline'" }), /cspSource/);
  assert.throws(() => renderWebviewHtml({ ...base, cspSource: "'self'x" }), /cspSource/);
  assert.throws(() => renderWebviewHtml({ ...base, cspSource: '' }), /cspSource/);
  assert.doesNotThrow(() => renderWebviewHtml({ ...base, cspSource: 'vscode-webview://abc https://*.vscode-cdn.net' }));
  // Recent VS Code versions: webview.cspSource is "'self' https://*.vscode-cdn.net".
  const html = renderWebviewHtml({ ...base, cspSource: "'self' https://*.vscode-cdn.net" });
  assert.match(html, /img-src &#39;self&#39; https:\/\/\*\.vscode-cdn\.net data:; style-src &#39;self&#39; https:\/\/\*\.vscode-cdn\.net &#39;nonce-/);
});

test('message guards accept the contract and nothing else', () => {
  assert.deepEqual(asHostMessage({ type: 'profile', profile: { a: 1 }, live: true, title: 'T' }), { type: 'profile', profile: { a: 1 }, live: true, title: 'T' });
  assert.deepEqual(asHostMessage({ type: 'profile', profile: null }), { type: 'profile', profile: null, live: false });
  // the profile shown, with only its diff: no profile
  assert.deepEqual(asHostMessage({ type: 'profile', same: true, profile: 'x', live: false, diff: { d: 1 } }), { type: 'profile', same: true, live: false, diff: { d: 1 } });
  assert.deepEqual(asHostMessage({ type: 'profile', same: 'yes', profile: 'x' }), { type: 'profile', profile: 'x', live: false });
  assert.deepEqual(asHostMessage({ type: 'clear' }), { type: 'clear' });
  assert.deepEqual(asHostMessage({ type: 'theme' }), { type: 'theme' });
  assert.equal(asHostMessage({ type: 'other' }), null);
  assert.equal(asHostMessage('profile'), null);
  assert.equal(asHostMessage(null), null);
  const open = { type: 'open', className: 'a.B', methodName: 'm', descriptor: '()V', sourceFile: 'B.java', line: 12 };
  assert.deepEqual(asWebviewMessage(open), open);
  assert.deepEqual(asWebviewMessage({ ...open, sourceFile: null, line: 0 }), { ...open, sourceFile: null, line: 0 });
  assert.equal(asWebviewMessage({ ...open, line: -1 }), null);
  assert.equal(asWebviewMessage({ ...open, line: 1.5 }), null);
  assert.equal(asWebviewMessage({ ...open, className: 3 }), null);
  assert.deepEqual(asWebviewMessage({ type: 'ready' }), { type: 'ready' });
  assert.deepEqual(asWebviewMessage({ type: 'error', message: 'x' }), { type: 'error', message: 'x' });
  assert.equal(asWebviewMessage({ type: 'error' }), null);
});
