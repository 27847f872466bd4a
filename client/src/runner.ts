// Client side of a profiled run: asks the server to start it, shows the program's console (a
// pseudoterminal with stdin), the status bar and the Komorium output channel, and reports the
// end. All decisions (what to run, how) are the server's.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import * as P from '../../server/src/lsp/protocol';
import { duration } from '../../server/src/lsp/numbers';
import type { RunStatus } from './status';
import { ProgramTerminal } from './terminal';
import { BuildProgress } from './build-progress';

export interface RunUi {
  status: RunStatus;
  log: vscode.OutputChannel;
  /** Called when a run starts (e.g. to open the flame graph). */
  onStart(): void;
  summary(): P.ProfileSummary | null;
  /** The baseline remembered for a launch configuration (its name, a test, or a main class). */
  baselineFor?(key: string): string | undefined;
}

/** The key a run's baseline is remembered under: the launch configuration's name, else what runs. */
export function runKey(params: P.StartRunParams): string {
  if (params.name) return `launch:${params.name}`;
  if (params.test) return `test:${params.test.className}${params.test.method ? `#${params.test.method}` : ''}`;
  return `main:${params.mainClass ?? params.uri ?? ''}`;
}

export class Runner implements vscode.Disposable {
  private runId: number | undefined;
  /** Whether the current run's start was shown (the flame graph opened). */
  private startedUi = false;
  private terminal: ProgramTerminal | undefined;
  /** The first run on a JDK: the instrumented copy's build as a progress notification. */
  private readonly build = new BuildProgress();
  private readonly ended = new vscode.EventEmitter<P.RunEndedParams>();
  /** Fires when a run ends (the debug adapter listens). */
  readonly onDidEnd = this.ended.event;

  constructor(
    private readonly client: LanguageClient,
    private readonly ui: RunUi,
  ) {
    client.onNotification(P.OutputNotification, (p: P.OutputParams) => this.output(p));
    client.onNotification(P.ProgressNotification, (p: P.ProgressParams) => {
      if (p.runId !== this.runId) return;
      ui.status.progress(p);
      if (p.phase !== 'preparing') this.build.dispose();
      // The panels open once the program runs: not for a run that never starts (compile errors).
      if (p.phase !== 'preparing' && !this.startedUi) {
        this.startedUi = true;
        ui.onStart();
      }
    });
    client.onNotification(P.RunEndedNotification, (p: P.RunEndedParams) => this.end(p));
  }

  /** The key of the last run started (Compare with Baseline… remembers the baseline under it). */
  lastKey: string | undefined;

  get running(): boolean {
    return this.runId !== undefined;
  }

  /** `focusTerminal`: give the Komorium terminal the focus (F5: the user expects the program's console). */
  /** `trace`: KOMORIUM_TRACE_RUN's steps (the request sent, the answer). */
  async start(params: P.StartRunParams, how: { focusTerminal?: boolean; trace?: (step: string) => void } = {}): Promise<P.StartRunResult | undefined> {
    let r: P.StartRunResult;
    const key = runKey(params);
    const baseline = params.baseline ?? this.ui.baselineFor?.(key);
    if (baseline) params = { ...params, baseline };
    try {
      how.trace?.('startRun sent');
      r = await this.client.sendRequest<P.StartRunResult>(P.StartRunRequest, params);
      how.trace?.("the server's answer");
      this.lastKey = key;
    } catch (e) {
      const msg = (e as Error).message;
      this.ui.log.appendLine(`cannot start: ${msg}`);
      void vscode.window.showErrorMessage(`Komorium: ${msg}`);
      return undefined;
    }
    this.runId = r.runId;
    if (this.terminal && !this.terminal.closed) this.terminal.dispose();
    const id = r.runId;
    this.terminal = new ProgramTerminal(`Komorium: ${params.name ?? r.mainClass}`, {
      send: (data) => void this.client.sendNotification(P.StdinNotification, { runId: id, data } satisfies P.StdinParams),
      end: () => void this.client.sendNotification(P.StdinNotification, { runId: id, data: '', end: true } satisfies P.StdinParams),
      interrupt: () => void this.stop(),
    });
    this.terminal.show(!how.focusTerminal);
    this.terminal.note(`Komorium: profiling ${r.mainClass} (${r.engine} engine, class path from ${r.classpathSource}). Type input below; Ctrl-D ends it, Ctrl-C stops.`);
    this.ui.log.appendLine(`run ${id}: ${r.mainClass} on ${r.engine}; class path (${r.classpathSource}): ${r.classpath.join(' ')}`);
    for (const n of r.notes ?? []) {
      this.terminal.note(`Komorium: ${n}`);
      this.ui.log.appendLine(n);
    }
    this.ui.status.started(r.mainClass);
    this.startedUi = false;
    return r;
  }

  async stop(): Promise<void> {
    if (this.runId === undefined) return;
    await this.client.sendRequest(P.CancelRunRequest, { runId: this.runId } satisfies P.CancelRunParams);
  }

  private output(p: P.OutputParams): void {
    if (p.runId !== this.runId) return;
    if (p.stream === 'log') {
      this.build.line(p.text);
      this.ui.log.append(p.text);
      this.terminal?.note(p.text);
    } else {
      this.terminal?.output(p.text);
    }
  }

  private end(p: P.RunEndedParams): void {
    if (p.runId !== this.runId) return;
    this.runId = undefined;
    this.build.dispose();
    if (!p.notStarted && !this.startedUi) {
      this.startedUi = true;
      this.ui.onStart();
    }
    const how = p.cancelled ? 'stopped' : p.exitCode !== null ? `exited with code ${p.exitCode}` : p.signal ? `killed by ${p.signal}` : 'did not run';
    const first = p.error?.split('\n')[0] ?? '';
    const text = p.notStarted
      ? `Komorium: the program did not start${first ? `: ${first}` : ''}`
      : `Komorium: the program ${how} after ${duration(p.elapsedMs)}${p.profilePath ? `; profile: ${p.profilePath}` : ''}`;
    if (p.error && !p.notStarted) this.terminal?.error(p.error);
    this.terminal?.finish(text);
    this.ui.log.appendLine(text);
    if (p.error) {
      this.ui.log.appendLine(p.error);
      const compile = p.notStarted && /^compile error/.test(first);
      const action = compile ? 'Show All Problems' : 'Show Output';
      void vscode.window.showErrorMessage(`Komorium: ${first}`, action).then((c) => {
        if (c === 'Show All Problems') void vscode.commands.executeCommand('workbench.actions.view.problems');
        else if (c) this.ui.log.show(true);
      });
    }
    this.ui.status.ended(p, this.ui.summary());
    this.ended.fire(p);
  }

  dispose(): void {
    this.build.dispose();
    this.terminal?.dispose();
    this.ended.dispose();
  }
}
