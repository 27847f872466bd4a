// The Komorium Profiles view (explorer): the workspace's saved runs from the server
// (saved-runs.ts), newest first: program or the name given, engine and scope, date, samples.
// Click: load it (flame graph, decorations); context menu: rename, delete, reveal the file;
// two selected: Compare (the newer loaded, the older as its baseline: the differential view).

import * as vscode from 'vscode';
import { join } from 'node:path';
import type { LanguageClient } from 'vscode-languageclient/node';
import * as P from '../../server/src/lsp/protocol';
import { engineText, totalsText } from '../../server/src/lsp/live-numbers';

export const PROFILES_VIEW = 'komorium.profiles';

interface RunItem {
  run: P.SavedRun;
  path: string;
}

function when(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export class ProfilesView implements vscode.TreeDataProvider<RunItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private list: P.ListRunsResult = { dir: '', runs: [] };
  private readonly disposables: vscode.Disposable[] = [];
  readonly view: vscode.TreeView<RunItem>;

  constructor(
    private readonly client: LanguageClient,
    private readonly open: (path: string) => Promise<void>,
    /** Loads `newer` and shows it against `older` (the differential flame graph). */
    private readonly compare: (newer: string, older: string) => Promise<void>,
  ) {
    this.view = vscode.window.createTreeView(PROFILES_VIEW, { treeDataProvider: this, canSelectMany: true });
    this.disposables.push(this.view);
    client.onNotification(P.RunsChangedNotification, (r: P.ListRunsResult) => {
      this.list = r;
      this.changed.fire();
    });
    const cmd = (id: string, f: (item?: RunItem) => unknown) => this.disposables.push(vscode.commands.registerCommand(id, f));
    cmd('komorium.profiles.open', (i) => i && this.open(i.path));
    cmd('komorium.profiles.refresh', () => this.refresh());
    cmd('komorium.profiles.rename', async (i) => {
      if (!i) return;
      const name = await vscode.window.showInputBox({ prompt: `Name of the run of ${i.run.program}`, value: i.run.name || i.run.program });
      if (name === undefined) return;
      await this.request(P.RenameRunRequest, { file: i.run.file, name: name === i.run.program ? '' : name } satisfies P.RenameRunParams);
    });
    cmd('komorium.profiles.delete', async (i) => {
      if (!i) return;
      const ok = await vscode.window.showWarningMessage(`Delete the profile of ${i.run.name || i.run.program} (${when(i.run.date)})?`, { modal: true }, 'Delete');
      if (ok !== 'Delete') return;
      await this.request(P.DeleteRunRequest, { file: i.run.file } satisfies P.DeleteRunParams);
    });
    // From the context menu (item, selected items) or the palette (the view's selection).
    this.disposables.push(
      vscode.commands.registerCommand('komorium.profiles.compare', async (item?: RunItem, selected?: RunItem[]) => {
        const pair = selected && selected.length > 0 ? selected : item ? [item] : [...this.view.selection];
        if (pair.length !== 2) {
          void vscode.window.showWarningMessage(`Komorium: select two runs in Komorium Profiles to compare (${pair.length} selected).`);
          return;
        }
        const [older, newer] = [...pair].sort((a, b) => a.run.date - b.run.date) as [RunItem, RunItem];
        await this.compare(newer.path, older.path);
      }),
    );
    cmd('komorium.profiles.reveal', (i) => i && vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(i.path)));
  }

  private async request(method: string, params: unknown): Promise<void> {
    try {
      await this.client.sendRequest(method, params);
    } catch (e) {
      void vscode.window.showErrorMessage(`Komorium: ${(e as Error).message}`);
    }
  }

  async refresh(): Promise<void> {
    try {
      this.list = await this.client.sendRequest<P.ListRunsResult>(P.ListRunsRequest);
    } catch {
      this.list = { dir: '', runs: [] };
    }
    this.changed.fire();
  }

  /** Labels of the runs shown (for the end-to-end test). */
  get labels(): string[] {
    return this.list.runs.map((r) => r.name || r.program);
  }

  getChildren(item?: RunItem): RunItem[] {
    if (item) return [];
    return this.list.runs.map((run) => ({ run, path: join(this.list.dir, run.file) }));
  }

  getTreeItem({ run, path }: RunItem): vscode.TreeItem {
    const t = new vscode.TreeItem(run.name || run.program, vscode.TreeItemCollapsibleState.None);
    const eng = engineText(run);
    t.description = `${eng ? `${eng} · ` : ''}${when(run.date)} · ${totalsText(run)}`;
    t.tooltip = new vscode.MarkdownString(
      `**${run.name || run.program}**${run.name ? ` (${run.program})` : ''}\n\n${eng || run.engine}\n\n${when(run.date)}\n\n${totalsText(run)}\n\n\`${path}\``,
    );
    t.iconPath = new vscode.ThemeIcon('flame');
    t.contextValue = 'komoriumRun';
    t.command = { command: 'komorium.profiles.open', title: 'Open Profile', arguments: [{ run, path }] };
    return t;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.changed.dispose();
  }
}
