// `"type": "komorium"` launch configurations: the fields of the Java debugger's (mainClass,
// args, vmArgs, classPaths, cwd, env), run with the profiler. A minimal inline debug adapter
// answers the Debug Adapter Protocol just enough to start the run, and ends the session when
// the run ends (Stop in the debug toolbar stops the run).

import * as vscode from 'vscode';
import type { StartRunParams } from '../../server/src/lsp/protocol';
import type { Runner } from './runner';

export interface KomoriumLaunch extends vscode.DebugConfiguration {
  mainClass?: string;
  args?: string | string[];
  vmArgs?: string | string[];
  classPaths?: string[];
  cwd?: string;
  env?: Record<string, string>;
}

/** A launch configuration as run parameters (string args are split at spaces, as vscode-java does). */
export function launchToRunParams(c: KomoriumLaunch, folder: vscode.WorkspaceFolder | undefined): StartRunParams {
  const list = (v: string | string[] | undefined): string[] | undefined =>
    v === undefined ? undefined : Array.isArray(v) ? v.map(String) : String(v).trim() ? String(v).trim().split(/\s+/) : [];
  const subst = (s: string) => (folder ? s.replace(/\$\{workspaceFolder\}/g, folder.uri.fsPath) : s);
  const active = vscode.window.activeTextEditor?.document.uri;
  return {
    uri: active?.scheme === 'file' ? active.toString() : undefined,
    mainClass: c.mainClass && !c.mainClass.includes('${') ? c.mainClass : undefined,
    args: list(c.args),
    vmArgs: list(c.vmArgs),
    classPaths: c.classPaths?.filter((p) => !p.startsWith('$')).map(subst),
    cwd: c.cwd ? subst(c.cwd) : undefined,
    env: c.env,
    name: c.name,
  };
}

type DapMessage = { seq: number; type: string; command?: string; arguments?: unknown };

class InlineAdapter implements vscode.DebugAdapter {
  private readonly emitter = new vscode.EventEmitter<vscode.DebugProtocolMessage>();
  readonly onDidSendMessage = this.emitter.event;
  private seq = 1;
  private sub: vscode.Disposable | undefined;

  constructor(
    private readonly session: vscode.DebugSession,
    private readonly runner: Runner,
  ) {}

  private send(m: Record<string, unknown>): void {
    this.emitter.fire({ seq: this.seq++, ...m } as vscode.DebugProtocolMessage);
  }

  private respond(req: DapMessage, body: unknown = {}, success = true, message?: string): void {
    this.send({ type: 'response', request_seq: req.seq, command: req.command, success, body, ...(message ? { message } : {}) });
  }

  handleMessage(message: vscode.DebugProtocolMessage): void {
    const req = message as DapMessage;
    if (req.type !== 'request') return;
    switch (req.command) {
      case 'initialize':
        this.respond(req, { supportsTerminateRequest: true, supportsConfigurationDoneRequest: true });
        this.send({ type: 'event', event: 'initialized' });
        return;
      case 'launch':
        void this.launch(req);
        return;
      case 'disconnect':
      case 'terminate':
        void this.runner.stop();
        this.respond(req);
        return;
      case 'threads':
        this.respond(req, { threads: [] });
        return;
      default:
        this.respond(req);
    }
  }

  private async launch(req: DapMessage): Promise<void> {
    const c = this.session.configuration as KomoriumLaunch;
    this.sub = this.runner.onDidEnd((p) => {
      this.send({ type: 'event', event: 'exited', body: { exitCode: p.exitCode ?? 1 } });
      this.send({ type: 'event', event: 'terminated' });
    });
    const r = await this.runner.start(launchToRunParams(c, this.session.workspaceFolder), { focusTerminal: true });
    if (!r) {
      this.respond(req, {}, false, 'Komorium could not start the program (see the Komorium output)');
      this.send({ type: 'event', event: 'terminated' });
      return;
    }
    this.respond(req);
  }

  dispose(): void {
    this.sub?.dispose();
    this.emitter.dispose();
  }
}

export function registerLaunchType(runner: Runner): vscode.Disposable[] {
  return [
    vscode.debug.registerDebugAdapterDescriptorFactory('komorium', {
      createDebugAdapterDescriptor: (session) => new vscode.DebugAdapterInlineImplementation(new InlineAdapter(session, runner)),
    }),
    vscode.debug.registerDebugConfigurationProvider('komorium', {
      resolveDebugConfiguration: (_folder, config) => {
        // F5 without launch.json: profile the active file.
        const c = !config.type && !config.request && !config.name ? { type: 'komorium', request: 'launch', name: 'Profile current file' } : config;
        // The program's console is the Komorium terminal: the (empty) Debug Console stays closed.
        return { ...c, internalConsoleOptions: c.internalConsoleOptions ?? 'neverOpen' };
      },
    }),
  ];
}
