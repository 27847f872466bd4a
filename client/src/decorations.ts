// Renders the server's per-document hotness: gutter heat marks on hot lines and profiled
// method declarations (colour by share of samples), the overview ruler, and after each hot
// line the text `12.3% self · 40.1% total` on a bar as wide as those shares. Nothing here
// computes hotness: it only draws what the server sent.

import * as vscode from 'vscode';
import type { DocumentHotness } from '../../server/src/lsp/protocol';
import { pct } from '../../server/src/lsp/numbers';
import { HEAT_THRESHOLDS, barBackground, gutterSvg, heatLevel, rgba } from './heat';

/** Width of the inline bar in characters (the text is at most this long). */
const BAR_CH = 26;

export class HotnessDecorations implements vscode.Disposable {
  private readonly gutter: vscode.TextEditorDecorationType[];
  private readonly inline: vscode.TextEditorDecorationType;
  private readonly byUri = new Map<string, DocumentHotness>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private inlineEnabled = true;

  constructor() {
    this.gutter = HEAT_THRESHOLDS.map((_, i) =>
      vscode.window.createTextEditorDecorationType({
        gutterIconPath: vscode.Uri.parse(gutterSvg(i + 1)),
        gutterIconSize: 'contain',
        overviewRulerColor: rgba(i + 1, 0.9),
        overviewRulerLane: vscode.OverviewRulerLane.Right,
      }),
    );
    this.inline = vscode.window.createTextEditorDecorationType({
      after: { margin: '0 0 0 3ch', color: new vscode.ThemeColor('editorCodeLens.foreground') },
      rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
    });
    this.readSettings();
    this.subscriptions.push(
      vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((e) => this.apply(e))),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('komorium.inlineHints')) {
          this.readSettings();
          this.applyAll();
        }
      }),
    );
  }

  private readSettings(): void {
    this.inlineEnabled = vscode.workspace.getConfiguration('komorium').get<boolean>('inlineHints', true);
  }

  /** Documents that currently have hotness (for tests and the status bar). */
  get documents(): string[] {
    return [...this.byUri.keys()];
  }

  update(h: DocumentHotness): void {
    if (h.lines.length === 0 && h.methods.length === 0) this.byUri.delete(h.uri);
    else this.byUri.set(h.uri, h);
    for (const e of vscode.window.visibleTextEditors) if (e.document.uri.toString() === h.uri) this.apply(e);
  }

  clear(): void {
    this.byUri.clear();
    this.applyAll();
  }

  private applyAll(): void {
    for (const e of vscode.window.visibleTextEditors) this.apply(e);
  }

  private apply(editor: vscode.TextEditor): void {
    const h = this.byUri.get(editor.document.uri.toString());
    const perLevel: vscode.Range[][] = this.gutter.map(() => []);
    const inline: vscode.DecorationOptions[] = [];
    if (h) {
      const lineCount = editor.document.lineCount;
      const marked = new Set<number>();
      const mark = (line: number, share: number) => {
        const level = heatLevel(share);
        if (level === 0 || line < 0 || line >= lineCount || marked.has(line)) return;
        marked.add(line);
        perLevel[level - 1]!.push(new vscode.Range(line, 0, line, 0));
      };
      const lineEnd = (line: number) => editor.document.lineAt(line).range.end;
      const withSamples = new Set<number>();
      for (const l of h.lines) {
        if (l.line < 0 || l.line >= lineCount) continue;
        withSamples.add(l.line);
        mark(l.line, l.selfPct > 0 ? l.selfPct : l.totalPct / 4);
        if (this.inlineEnabled) inline.push(inlineOption(lineEnd(l.line), `${pct(l.selfPct)} self · ${pct(l.totalPct)} total${l.delta ? ` · ${l.delta}` : ''}`, l.selfPct, l.totalPct));
      }
      for (const m of h.methods) {
        if (m.line === null || m.line >= lineCount) continue;
        mark(m.line, m.totalPct);
        if (this.inlineEnabled && !withSamples.has(m.line)) {
          inline.push(inlineOption(lineEnd(m.line), `${pct(m.selfPct)} self · ${pct(m.totalPct)} total${m.delta ? ` · ${m.delta}` : ''}`, m.selfPct, m.totalPct));
        }
      }
    }
    this.gutter.forEach((t, i) => editor.setDecorations(t, perLevel[i]!));
    editor.setDecorations(this.inline, inline);
  }

  dispose(): void {
    for (const t of this.gutter) t.dispose();
    this.inline.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

function inlineOption(at: vscode.Position, text: string, selfPct: number, totalPct: number): vscode.DecorationOptions {
  const level = Math.max(1, heatLevel(Math.max(selfPct, totalPct / 2)));
  return {
    range: new vscode.Range(at, at),
    renderOptions: {
      after: {
        contentText: text,
        width: `${BAR_CH}ch`,
        // The bar: VS Code writes this value into the attachment's CSS rule.
        textDecoration: `none; background: ${barBackground(selfPct, totalPct, level)}; border-radius: 2px; padding: 0 0.5ch; white-space: pre; display: inline-block`,
      },
    },
  };
}
