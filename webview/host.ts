// The webview's HTML page, built by the extension host (no DOM, no Node): a strict Content
// Security Policy, the bundled stylesheet and script, nothing inline but nonce'd tags. No
// workspace string is ever interpolated unescaped. The `csp-nonce` meta tag is where the
// toolkit (FAST) finds the nonce for the one probe <style> element it inserts; the toolkit's
// other styles are constructable stylesheets, which style-src does not restrict.

export interface WebviewHtmlOptions {
  /** `webview.asWebviewUri(dist/webview/main.js)`. */
  scriptUri: string;
  /** `webview.asWebviewUri(dist/webview/main.css)`. */
  styleUri: string;
  /**
   * Accepted for compatibility and ignored: the webview-ui-toolkit is bundled into main.js, so
   * no separate toolkit script is loaded.
   */
  toolkitUri?: string;
  /** `webview.cspSource`: host or scheme sources and `'self'`, separated by spaces. */
  cspSource: string;
  /** A fresh random nonce per page: letters, digits, `+/=_-`, at least 16 characters. */
  nonce: string;
  /** Page title (plain text). */
  title: string;
}

const NONCE = /^[A-Za-z0-9+/=_-]{16,}$/;
// A CSP source list: scheme/host sources, or the keyword 'self' (recent VS Code versions put it
// in webview.cspSource), separated by spaces; nothing that ends a directive or leaves the
// attribute.
const CSP_TOKEN = /^(?:'self'|[^;,'"<>\\\s]+)$/;

function isCspSourceList(s: string): boolean {
  const tokens = s.split(' ');
  return tokens.length > 0 && tokens.every((t) => CSP_TOKEN.test(t));
}

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;'));
}

/** The Content-Security-Policy of the page. */
export function webviewCsp(cspSource: string, nonce: string): string {
  if (!isCspSourceList(cspSource)) throw new Error(`renderWebviewHtml: unsafe cspSource ${JSON.stringify(cspSource)}`);
  if (!NONCE.test(nonce)) throw new Error('renderWebviewHtml: the nonce must be at least 16 characters of [A-Za-z0-9+/=_-]');
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
  ].join('; ');
}

/** The full HTML page of the profile webview. */
export function renderWebviewHtml(o: WebviewHtmlOptions): string {
  const csp = webviewCsp(o.cspSource, o.nonce);
  const nonce = escapeHtml(o.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta property="csp-nonce" content="${nonce}">
<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(o.styleUri)}">
<title>${escapeHtml(o.title)}</title>
</head>
<body>
<div id="komorium-app" data-title="${escapeHtml(o.title)}"></div>
<script nonce="${nonce}" src="${escapeHtml(o.scriptUri)}"></script>
</body>
</html>
`;
}
