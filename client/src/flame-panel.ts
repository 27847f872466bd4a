// The flame-graph panel: a webview (built by webview/, bundled to dist/webview/) that shows the
// current profile. The page's HTML comes from webview/host.ts; messages follow
// webview/protocol.ts. "open" messages are resolved to a workspace file by the server.

import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { renderWebviewHtml } from '../../webview/host';
import type { HostToWebview, OpenMessage } from '../../webview/protocol';
import type { FocusMethodArgs, ProfileParams } from '../../server/src/lsp/protocol';

export interface PanelHost {
  /** The profile to show (asked for when the page is ready). */
  current(): Promise<ProfileParams>;
  open(msg: OpenMessage): Promise<void>;
  log(text: string): void;
}

export class FlamePanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private ready = false;
  private last: ProfileParams | undefined;
  /** The profileId of the last profile posted whole to the page (a `same` message then carries only its diff). */
  private postedId: number | undefined;
  private pendingFocus: FocusMethodArgs | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: PanelHost,
  ) {}

  get visible(): boolean {
    return this.panel !== undefined;
  }

  show(preserveFocus = false): void {
    if (this.panel) {
      this.panel.reveal(undefined, preserveFocus);
      return;
    }
    const root = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
    const panel = vscode.window.createWebviewPanel(
      'komorium.flameGraph',
      'Komorium Flame Graph',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus },
      { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [root] },
    );
    this.panel = panel;
    this.ready = false;
    const w = panel.webview;
    const page = (cspSource: string) =>
      renderWebviewHtml({
        scriptUri: w.asWebviewUri(vscode.Uri.joinPath(root, 'main.js')).toString(),
        styleUri: w.asWebviewUri(vscode.Uri.joinPath(root, 'main.css')).toString(),
        cspSource,
        nonce: randomBytes(18).toString('base64url'),
        title: 'Komorium Flame Graph',
      });
    try {
      w.html = page(w.cspSource);
    } catch (e) {
      // VS Code >= 1.9x puts a quoted 'self' into cspSource; if the page builder refuses quoted
      // sources, keep the host sources (resources are served from them).
      this.host.log(`flame graph: ${(e as Error).message}; using the unquoted CSP sources`);
      w.html = page(w.cspSource.split(/\s+/).filter((t) => t && !/['"]/.test(t)).join(' '));
    }
    w.onDidReceiveMessage((m: unknown) => void this.receive(m));
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.ready = false;
      this.postedId = undefined;
    });
  }

  private async receive(m: unknown): Promise<void> {
    if (typeof m !== 'object' || m === null) return;
    const msg = m as { type?: unknown };
    if (msg.type === 'ready') {
      // a new page (or one reloaded): it has no profile yet
      this.ready = true;
      this.postedId = undefined;
      this.post(this.last ?? (await this.host.current()));
      this.postFocus();
    } else if (msg.type === 'open') {
      await this.host.open(m as OpenMessage);
    } else if (msg.type === 'error') {
      const text = String((m as { message?: unknown }).message ?? 'unknown error');
      this.host.log(`flame graph: ${text}`);
      void vscode.window.showErrorMessage(`Komorium flame graph: ${text}`);
    }
  }

  /** Focuses a method (a code lens's click): after the profile, when the page is ready. */
  focus(f: FocusMethodArgs): void {
    this.pendingFocus = f;
    if (this.ready) this.postFocus();
  }

  private postFocus(): void {
    const f = this.pendingFocus;
    if (!this.panel || !f) return;
    this.pendingFocus = undefined;
    void this.panel.webview.postMessage({ type: 'focus', ...f } satisfies HostToWebview);
  }

  /**
   * A new profile (or none): shown now if the page is ready, else when it is. A notification
   * without the profile (`sameProfile`: only the diff changed) takes the profile of the last one;
   * false when that is not the one it names (the caller then asks the server for the whole).
   */
  update(p: ProfileParams): boolean {
    if (p.sameProfile) {
      const last = this.last;
      if (!last || last.profileId !== p.profileId || last.profile === undefined || last.profile === null) return false;
      p = { ...p, profile: last.profile };
      delete p.sameProfile;
    }
    this.last = p;
    if (this.ready) this.post(p);
    return true;
  }

  private post(p: ProfileParams): void {
    if (!this.panel) return;
    const diff = p.diff ? { diff: p.diff } : {};
    let msg: HostToWebview;
    if (p.profile === null) {
      msg = { type: 'clear' };
      this.postedId = undefined;
    } else if (p.profileId !== undefined && p.profileId === this.postedId) {
      // the page shows this profile: only its diff (the webview keeps what it read of the profile)
      msg = { type: 'profile', same: true, live: p.live, title: p.title, ...diff };
    } else {
      msg = { type: 'profile', profile: p.profile, live: p.live, title: p.title, ...diff };
      this.postedId = p.profileId;
    }
    void this.panel.webview.postMessage(msg);
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
