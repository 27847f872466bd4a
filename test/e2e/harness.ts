// End-to-end harness: packages the extension (.vsix), installs a real VS Code (code-server
// 4.100.3 = VS Code 1.100, scripts/install-code-server.sh), installs the .vsix into a fresh
// extensions folder, prepares a workspace from examples/, and starts code-server on a free
// port. Everything lives in one temporary folder, removed at the end.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZipFile } from '../../server/src/classpath/zip';
import { REPO, javaHome } from '../helpers/java';

export const CODE_SERVER_VERSION = '4.100.3';

function log(msg: string): void {
  process.stderr.write(`e2e: ${msg}\n`);
}

/**
 * `npm run package`; returns the .vsix path. With KOMORIUM_E2E_REUSE_VSIX=1 an existing
 * komorium.vsix is used as it is (running one e2e file after another while developing).
 */
export function packageExtension(): string {
  if (process.env.KOMORIUM_E2E_REUSE_VSIX === '1' && existsSync(join(REPO, 'komorium.vsix'))) return join(REPO, 'komorium.vsix');
  log('npm run package');
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  return join(REPO, 'komorium.vsix');
}

export function vsixEntries(vsix: string): string[] {
  const z = ZipFile.open(vsix);
  try {
    return z.entries.filter((e) => !e.isDirectory).map((e) => e.name);
  } finally {
    z.close();
  }
}

/** Installs code-server (cached in $KOMORIUM_CODE_SERVER_DIR or ~/.cache) and returns its launcher. */
export function installCodeServer(): string {
  const dir = process.env.KOMORIUM_CODE_SERVER_DIR || join(process.env.HOME || tmpdir(), '.cache', `code-server-${CODE_SERVER_VERSION}`);
  log(`installing code-server into ${dir} (cached)`);
  execFileSync('bash', [join(REPO, 'scripts', 'install-code-server.sh'), dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  return join(dir, 'node_modules', '.bin', 'code-server');
}

export interface Sandbox {
  root: string;
  extensions: string;
  userData: string;
  workspace: string;
  /** Profiles written by this sandbox's runs (the language server's tmpdir). */
  profiles: string;
  tmp: string;
}

export function makeSandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'komorium-e2e-'));
  const s: Sandbox = {
    root,
    extensions: join(root, 'extensions'),
    userData: join(root, 'user-data'),
    workspace: join(root, 'workspace'),
    tmp: join(root, 'tmp'),
    profiles: join(root, 'tmp', 'komorium-profiles'),
  };
  for (const d of [s.extensions, join(s.userData, 'User'), s.workspace, s.tmp]) mkdirSync(d, { recursive: true });
  writeFileSync(
    join(s.userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'security.workspace.trust.enabled': false,
        'extensions.ignoreRecommendations': true,
        'workbench.tips.enabled': false,
        'workbench.enableExperiments': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'editor.minimap.enabled': false,
        'window.commandCenter': false,
        'chat.commandCenter.enabled': false,
        'workbench.layoutControl.enabled': false,
        'editor.fontSize': 13,
        // The DOM renderer: the terminal's text can be read from the page.
        'terminal.integrated.gpuAcceleration': 'off',
        // The engine the tests without settings of their own were written for, named: auto
        // picks HotSpot with the JDK instrumented, whose first run on a JDK builds its copy.
        'komorium.engine': 'interpreter',
      },
      null,
      2,
    ),
  );
  return s;
}

/** examples/maven-app with target/classes compiled by javac (what `mvn compile` leaves). */
export function mavenWorkspace(s: Sandbox): string {
  const dir = join(s.workspace, 'maven-app');
  cpSync(join(REPO, 'examples', 'maven-app'), dir, { recursive: true });
  const sources: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.java')) sources.push(p);
    }
  };
  walk(join(dir, 'src', 'main', 'java'));
  execFileSync(join(javaHome(), 'bin', 'javac'), ['-g', '-encoding', 'UTF-8', '-d', join(dir, 'target', 'classes'), ...sources.sort()], { stdio: 'pipe' });
  return dir;
}

/** examples/hotspots: a single-file program, no build output. */
export function singleFileWorkspace(s: Sandbox): string {
  const dir = join(s.workspace, 'hotspots');
  mkdirSync(dir, { recursive: true });
  cpSync(join(REPO, 'examples', 'hotspots', 'Hotspots.java'), join(dir, 'Hotspots.java'));
  return dir;
}

/** examples/hotspots in its own folder with workspace settings (e.g. the engine, set explicitly). */
export function hotspotsWorkspace(s: Sandbox, name: string, settings: Record<string, unknown>): string {
  const dir = join(s.workspace, name);
  mkdirSync(join(dir, '.vscode'), { recursive: true });
  cpSync(join(REPO, 'examples', 'hotspots', 'Hotspots.java'), join(dir, 'Hotspots.java'));
  writeFileSync(join(dir, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  return dir;
}

/**
 * A plain folder with a JUnit 5 test (compiled by the extension with javac against Debian's
 * junit5 jar): `CalcTest.sums` adds up `Calc.work(n)`, whose loop is the test's hot spot.
 */
export function junitWorkspace(s: Sandbox, settings: Record<string, unknown>): string {
  const dir = join(s.workspace, 'junit');
  mkdirSync(join(dir, '.vscode'), { recursive: true });
  writeFileSync(join(dir, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  writeFileSync(join(dir, 'CalcTest.java'), junitTestSource(1));
  return dir;
}

/** CalcTest.java; `rounds` times the work in `Calc.work` (a change that adds work: 1 -> 2). */
export function junitTestSource(rounds: number): string {
  return [
    'import static org.junit.jupiter.api.Assertions.assertTrue;',
    '',
    'import org.junit.jupiter.api.Test;',
    '',
    'class Calc {',
    '    static long work(int n) {',
    '        long s = 0;',
    `        for (int r = 0; r < ${rounds}; r++) {`,
    '            for (int i = 0; i < n; i++) s += (i * 31L) % 7;',
    '        }',
    '        return s;',
    '    }',
    '}',
    '',
    'public class CalcTest {',
    '    @Test',
    '    void sums() {',
    '        long total = 0;',
    '        for (int k = 0; k < 200; k++) total += Calc.work(20_000);',
    '        assertTrue(total > 0);',
    '    }',
    '}',
    '',
  ].join('\n');
}

/** A program that echoes its input (with some work per line), and on `loop` runs until stopped. */
export function interactiveWorkspace(s: Sandbox): string {
  const dir = join(s.workspace, 'interactive');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'Echo.java'),
    [
      'import java.io.BufferedReader;',
      'import java.io.InputStreamReader;',
      '',
      'public class Echo {',
      '    static long spin(long n) {',
      '        long s = 0;',
      '        for (long i = 0; i < n; i++) s += i % 7;',
      '        return s;',
      '    }',
      '',
      '    public static void main(String[] args) throws Exception {',
      '        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));',
      '        String line;',
      '        while ((line = in.readLine()) != null) {',
      '            System.out.println("echo: " + line + " " + spin(200_000));',
      '            if (line.equals("loop")) {',
      '                long s = 0;',
      '                while (s >= 0) s += spin(1000);',
      '            }',
      '        }',
      '    }',
      '}',
      '',
    ].join('\n'),
  );
  return dir;
}

export function installVsix(codeServer: string, s: Sandbox, vsix: string): void {
  log('installing the .vsix');
  execFileSync(codeServer, ['--extensions-dir', s.extensions, '--user-data-dir', s.userData, '--install-extension', vsix, '--force'], { stdio: 'pipe' });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export async function startCodeServer(codeServer: string, s: Sandbox): Promise<RunningServer> {
  const port = await freePort();
  let out = '';
  const child = spawn(
    codeServer,
    ['--auth', 'none', '--disable-workspace-trust', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--disable-getting-started-override', '--extensions-dir', s.extensions, '--user-data-dir', s.userData],
    // TMPDIR: the language server writes its profiles under the sandbox.
    { env: { ...process.env, TMPDIR: s.tmp }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!/HTTP server listening/.test(out)) {
    if (child.exitCode !== null) throw new Error(`code-server exited:\n${out}`);
    if (Date.now() > deadline) throw new Error(`code-server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`code-server ${CODE_SERVER_VERSION} at ${url}`);
  return {
    url,
    process: child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null) return;
      // Its own process group: the extension host, the language server and any JVM end too.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const t = Date.now();
      while (child.exitCode === null && Date.now() - t < 5000) await new Promise((r) => setTimeout(r, 100));
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }
    },
  };
}

export function removeSandbox(s: Sandbox): void {
  rmSync(s.root, { recursive: true, force: true });
}
