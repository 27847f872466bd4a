/**
 * The set-up both e2e suites share: package the extension, install code-server, a sandbox with
 * the .vsix installed, code-server started, Chromium launched; a screenshot of every page after
 * each test (the only record when a test fails); everything stopped and removed at the end.
 * Call it inside a `describe`; `use` receives the parts once they are ready.
 */
import { after, afterEach, before } from 'node:test';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { installCodeServer, installVsix, makeSandbox, packageExtension, removeSandbox, startCodeServer, type RunningServer, type Sandbox } from './harness';
import { launchBrowser } from './workbench';

export interface EditorSession {
  vsix: string;
  sandbox: Sandbox;
  server: RunningServer;
  browser: Browser;
}

export function editorSessionHooks(shots: string, use: (s: EditorSession) => void): void {
  let sandbox: Sandbox | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    const vsix = packageExtension();
    const codeServer = installCodeServer();
    sandbox = makeSandbox();
    installVsix(codeServer, sandbox, vsix);
    server = await startCodeServer(codeServer, sandbox);
    browser = await launchBrowser();
    use({ vsix, sandbox, server, browser });
  });

  afterEach(async (t) => {
    const slug = t.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40);
    let i = 0;
    for (const p of browser?.contexts().flatMap((c) => c.pages()) ?? []) {
      await p.screenshot({ path: join(shots, `after-${slug}-${i++}.png`) }).catch(() => undefined);
    }
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (sandbox) removeSandbox(sandbox);
  });
}
