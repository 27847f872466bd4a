// "Show Bytecode": the server's listings of the class at the cursor, as compiled and as
// transformed, in one read-only virtual document with the komorium-bytecode grammar, opened at
// the method under the cursor. The original listing's margin shows the current profile's
// samples at the first instruction of each source line (decorations, so the grammar still sees
// the listing as javap prints it).

import * as vscode from 'vscode';
import type { BytecodeResult } from '../../server/src/lsp/protocol';
import { countText } from '../../server/src/lsp/live-numbers';

export const BYTECODE_SCHEME = 'komorium-bytecode';

const MARGIN_WIDTH = 10;

interface Shown {
  text: string;
  /** Document line → margin text. */
  margin: Map<number, string>;
  /** Lines of the original listing (they get the margin column). */
  first: number;
  last: number;
}

export class BytecodeDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly docs = new Map<string, Shown>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly samplesStyle = vscode.window.createTextEditorDecorationType({});
  private readonly visible: vscode.Disposable;

  constructor() {
    this.visible = vscode.window.onDidChangeVisibleTextEditors((eds) => eds.forEach((e) => this.decorate(e)));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.docs.get(uri.toString())?.text ?? '// (listing no longer available: run Komorium: Show Bytecode again)\n';
  }

  /** The margin texts of a shown listing by document line (for the end-to-end test). */
  marginOf(uri: string): [number, string][] {
    return [...(this.docs.get(uri)?.margin ?? [])];
  }

  private decorate(editor: vscode.TextEditor): void {
    const shown = this.docs.get(editor.document.uri.toString());
    if (!shown) return;
    const opts: vscode.DecorationOptions[] = [];
    for (let line = shown.first; line <= shown.last && line < editor.document.lineCount; line++) {
      const text = shown.margin.get(line);
      opts.push({
        range: new vscode.Range(line, 0, line, 0),
        renderOptions: {
          before: {
            contentText: (text ?? '').padStart(MARGIN_WIDTH - 1, '\u00a0') + '\u00a0',
            color: new vscode.ThemeColor(text ? 'editorCodeLens.foreground' : 'editorLineNumber.foreground'),
            fontWeight: text ? 'bold' : 'normal',
            width: `${MARGIN_WIDTH}ch`,
          },
        },
        ...(text ? { hoverMessage: `${text} samples on this source line (at its first instruction)` } : {}),
      });
    }
    editor.setDecorations(this.samplesStyle, opts);
  }

  async show(r: BytecodeResult): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: BYTECODE_SCHEME, path: `/${r.className}.kbc` });
    const head = [`// ${r.className}: original class file`, ...(r.marginNote ? [`// ${r.marginNote}`] : []), ''];
    const original = r.original.trimEnd().split('\n');
    const text = [...head, ...original, '', `// ${r.className}: transformed by Komorium (bytecode counting, reified stack, sampling checks)`, '', r.transformed.trimEnd(), ''].join('\n');
    const margin = new Map<number, string>();
    for (const [line, samples] of r.margin) margin.set(head.length + line, countText(samples));
    const shown: Shown = { text, margin, first: head.length, last: r.marginNote ? head.length + original.length - 1 : -1 };
    this.docs.set(uri.toString(), shown);
    this.changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== 'komorium-bytecode') await vscode.languages.setTextDocumentLanguage(doc, 'komorium-bytecode');
    const at = r.focusLine !== null ? new vscode.Position(head.length + r.focusLine, 0) : undefined;
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, ...(at ? { selection: new vscode.Range(at, at) } : {}) });
    if (at) editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.AtTop);
    this.decorate(editor);
    return editor;
  }

  dispose(): void {
    this.visible.dispose();
    this.samplesStyle.dispose();
    this.changed.dispose();
  }
}
