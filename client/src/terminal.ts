// The program's console: a pseudoterminal per run. Output is written as it comes; input is
// edited line by line locally (echo, backspace) and sent to the program on Enter; Ctrl-D ends
// the input, Ctrl-C stops the run.

import * as vscode from 'vscode';

export interface TerminalInput {
  send(data: string): void;
  end(): void;
  interrupt(): void;
}

export class ProgramTerminal implements vscode.Disposable {
  private readonly write = new vscode.EventEmitter<string>();
  private readonly closeEmitter = new vscode.EventEmitter<number | void>();
  private readonly terminal: vscode.Terminal;
  private line = '';
  private open = false;
  private buffered: string[] = [];
  private finished = false;
  closed = false;

  constructor(name: string, private readonly input: TerminalInput) {
    const pty: vscode.Pseudoterminal = {
      onDidWrite: this.write.event,
      onDidClose: this.closeEmitter.event,
      open: () => {
        this.open = true;
        for (const b of this.buffered) this.write.fire(b);
        this.buffered = [];
      },
      close: () => {
        this.closed = true;
        if (!this.finished) this.input.interrupt();
      },
      handleInput: (data) => this.handleInput(data),
    };
    this.terminal = vscode.window.createTerminal({ name, pty, iconPath: new vscode.ThemeIcon('flame') });
  }

  show(preserveFocus = true): void {
    this.terminal.show(preserveFocus);
  }

  private emit(text: string): void {
    const t = text.replace(/\r?\n/g, '\r\n');
    if (this.open) this.write.fire(t);
    else this.buffered.push(t);
  }

  /** Program output. */
  output(text: string): void {
    this.emit(text);
  }

  /** Komorium's own messages, dimmed. */
  note(text: string): void {
    this.emit(`\x1b[2m${text.replace(/\n$/, '')}\x1b[0m\n`);
  }

  /** Error text, red. */
  error(text: string): void {
    this.emit(`\x1b[31m${text.replace(/\n$/, '')}\x1b[0m\n`);
  }

  /** The run is over: input is no longer forwarded. */
  finish(text: string): void {
    this.finished = true;
    this.note(text);
  }

  private handleInput(data: string): void {
    if (this.finished) return;
    for (const ch of data.replace(/\x1b\[[0-9;]*[A-Za-z~]/g, '')) {
      if (ch === '\r' || ch === '\n') {
        this.emit('\n');
        this.input.send(`${this.line}\n`);
        this.line = '';
      } else if (ch === '\x7f' || ch === '\b') {
        if (this.line.length > 0) {
          this.line = this.line.slice(0, -1);
          this.write.fire('\b \b');
        }
      } else if (ch === '\x04') {
        if (this.line) this.input.send(this.line);
        this.line = '';
        this.input.end();
      } else if (ch === '\x03') {
        this.input.interrupt();
      } else if (ch >= ' ') {
        this.line += ch;
        this.write.fire(ch);
      }
    }
  }

  dispose(): void {
    this.terminal.dispose();
    this.write.dispose();
    this.closeEmitter.dispose();
  }
}
