// The status-bar item: run state (preparing, running with live totals, ended) and the loaded
// profile's totals. Clicking it stops a run, or shows the flame graph. The totals during a run
// are those of the last live snapshot (the one the flame graph shows), formatted as its footer
// formats them (server/src/lsp/live-numbers.ts), so the two never disagree.

import * as vscode from 'vscode';
import type { ProfileSummary, ProgressParams, RunEndedParams } from '../../server/src/lsp/protocol';
import { engineText, progressText, totalsText } from '../../server/src/lsp/live-numbers';

export class RunStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private running: string | undefined;

  constructor() {
    this.item = vscode.window.createStatusBarItem('komorium.status', vscode.StatusBarAlignment.Left, 10);
    this.item.name = 'Komorium';
    this.idle(null);
    this.item.show();
  }

  started(program: string): void {
    this.running = program;
    this.item.text = `$(loading~spin) Komorium: preparing ${program}`;
    this.item.tooltip = 'Komorium: transforming and starting the program. Click to stop.';
    this.item.command = 'komorium.stop';
  }

  progress(p: ProgressParams): void {
    if (!this.running) return;
    if (p.phase === 'preparing') return;
    const eng = engineText({ engine: p.engine ?? '', scope: p.scope ?? '' });
    // The engine and scope of the snapshot shown, as the flame graph's footer names them.
    this.item.text = `$(flame) Komorium: ${progressText(this.running, p)}${eng ? ` · ${eng}` : ''}`;
    this.item.tooltip = `Komorium: profiling${eng ? ` (${eng})` : ''}. Click to stop (the samples so far are kept).`;
  }

  ended(p: RunEndedParams, summary: ProfileSummary | null): void {
    this.running = undefined;
    this.idle(summary);
    if (p.error && !p.profilePath) this.item.text = `$(error) Komorium: ${p.cancelled ? 'stopped' : 'failed'}`;
  }

  idle(summary: ProfileSummary | null): void {
    if (this.running) return;
    if (summary) {
      const eng = engineText({ engine: summary.engine, scope: summary.scope ?? '' });
      this.item.text = `$(flame) ${summary.program}: ${totalsText(summary)}${eng ? ` · ${eng}` : ''}`;
      this.item.tooltip = `Komorium profile of ${summary.program} (${eng || summary.engine}, ${summary.threads} thread${summary.threads === 1 ? '' : 's'}). Click for the flame graph.`;
      this.item.command = 'komorium.showFlameGraph';
    } else {
      this.item.text = '$(flame) Komorium';
      this.item.tooltip = 'Komorium: no profile loaded. Click to run the active Java program with the profiler.';
      this.item.command = 'komorium.run';
    }
  }

  dispose(): void {
    this.item.dispose();
  }
}
