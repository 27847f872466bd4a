// "Show Bytecode": the server's listings of the class at the cursor, as compiled and as
// transformed, in one read-only virtual document with the komorium-bytecode grammar.

import * as vscode from 'vscode';
import type { BytecodeResult } from '../../server/src/lsp/protocol';

export const BYTECODE_SCHEME = 'komorium-bytecode';

export class BytecodeDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '// (listing no longer available: run Komorium: Show Bytecode again)\n';
  }

  async show(r: BytecodeResult): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: BYTECODE_SCHEME, path: `/${r.className}.kbc` });
    const text = [
      `// ${r.className}: original class file`,
      '',
      r.original.trimEnd(),
      '',
      `// ${r.className}: transformed by Komorium (bytecode counting, reified stack, sampling checks)`,
      '',
      r.transformed.trimEnd(),
      '',
    ].join('\n');
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== 'komorium-bytecode') await vscode.languages.setTextDocumentLanguage(doc, 'komorium-bytecode');
    return vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  }

  dispose(): void {
    this.changed.dispose();
  }
}
