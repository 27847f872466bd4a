// The first run on a JDK builds its instrumented copy (server/src/engine/jdk-image.ts: minutes of
// CPU): its progress lines ("komorium: instrumenting the JDK ...", "komorium: 38% (120 s)",
// "komorium: writing the instrumented JDK's ...") become a progress notification, so that the
// run does not look hung. The notification closes when the program starts or the run ends.

import * as vscode from 'vscode';

const START = /^komorium: instrumenting (the JDK .*?): ([\d,]+) classes/;
const PERCENT = /^komorium: (\d+)% \((\d+) s\)/;
const WRITING = /^komorium: writing the instrumented JDK/;

export class BuildProgress implements vscode.Disposable {
  private report: ((message: string, percent?: number) => void) | undefined;
  private close: (() => void) | undefined;
  private shown = 0;

  /** A log line of the run: starts or advances the notification when it is one of the build's. */
  line(text: string): void {
    for (const l of text.split('\n')) {
      const s = START.exec(l);
      if (s) {
        this.open(`Komorium: instrumenting ${s[1]} once (${s[2]} classes; later runs start at once)`);
        continue;
      }
      const p = PERCENT.exec(l);
      if (p && this.report) {
        this.report(`${p[1]}% after ${p[2]} s`, Number(p[1]));
        continue;
      }
      if (WRITING.test(l) && this.report) this.report('writing its lib/modules and CDS archive');
    }
  }

  private open(title: string): void {
    this.dispose();
    this.shown = 0;
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: false }, (progress) =>
      new Promise<void>((resolve) => {
        this.report = (message, percent) => {
          const increment = percent !== undefined ? Math.max(0, percent - this.shown) : undefined;
          if (percent !== undefined) this.shown = Math.max(this.shown, percent);
          progress.report({ message, ...(increment !== undefined ? { increment } : {}) });
        };
        this.close = resolve;
      }),
    );
  }

  /** The program started or the run ended: the notification goes. */
  dispose(): void {
    this.close?.();
    this.close = undefined;
    this.report = undefined;
  }
}
