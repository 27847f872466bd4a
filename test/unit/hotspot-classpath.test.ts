// The HotSpot engine runs the program on its own class path (docs/RUNTIME.md, "The HotSpot
// engine"): java.class.path, the program's resources, its command line (ProcessHandle), and classes
// of its class path defined by class loaders that do not delegate to the application loader
// (a copying loader whose parent is the boot loader, from a byte[] and from a direct ByteBuffer,
// an isolated URLClassLoader) must print
// what plain java prints, from a class directory, from a jar whose manifest Class-Path names
// another jar, and from a lib/* wildcard; and the classes of every loader must be the
// transformed ones (each loader's cpview.Plugin has its share of the samples). The jars of
// test/java/jars (multi-release, signed, module-info) are in test/slow/hotspot-jars.test.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, runCli, runJava, tempDir } from '../helpers/java';

const SRC = join(REPO, 'test', 'java', 'hotspot-classpath');

function tool(name: string, args: string[], cwd: string): void {
  execFileSync(join(javaHome(), 'bin', name), args, { cwd, stdio: 'pipe' });
}

/** classes/ (everything), app.jar (Class-Path: lib/plugin.jar) and lib/plugin.jar. */
function build(): string {
  const w = tempDir('hs-cp');
  tool('javac', ['-g', '-d', join(w, 'classes'), ...javaFiles(SRC)], w);
  cpSync(join(SRC, 'cpview', 'data.txt'), join(w, 'classes', 'cpview', 'data.txt'));
  mkdirSync(join(w, 'lib'));
  mkdirSync(join(w, 'p', 'cpview'), { recursive: true });
  cpSync(join(w, 'classes', 'cpview', 'Plugin.class'), join(w, 'p', 'cpview', 'Plugin.class'));
  tool('jar', ['--create', '--file', 'lib/plugin.jar', '-C', 'p', '.'], w);
  writeFileSync(join(w, 'app.mf'), 'Class-Path: lib/plugin.jar\n');
  tool('jar', ['--create', '--file', 'app.jar', '--manifest', 'app.mf', '-C', 'classes', 'cpview/Main.class', '-C', 'classes', 'cpview/Main$Copying.class', '-C', 'classes', 'cpview/data.txt'], w);
  return w;
}

const w = build();

/**
 * Samples in methods of `className` under a call from `caller` (a `Class.method` name), from a
 * profile (docs/PROFILE_FORMAT.md): classes that another loader defined are sampled there only
 * if that loader got the transformed bytes.
 */
function samplesUnder(profile: string, caller: string, className: string): number {
  type RawNode = [number, number, number, number, ...unknown[]];
  const p = JSON.parse(readFileSync(profile, 'utf8')) as { methods: [string, string, string, string | null][]; threads: { nodes: RawNode[] }[] };
  const name = (m: number): string => (m < 0 ? '' : `${p.methods[m]![0]}.${p.methods[m]![1]}`);
  let n = 0;
  for (const t of p.threads) {
    const under: boolean[] = [];
    t.nodes.forEach(([parent, method, , self], i) => {
      under[i] = (parent >= 0 && under[parent]!) || name(method) === caller;
      if (under[i] && method >= 0 && p.methods[method]![0] === className) n += self;
    });
  }
  return n;
}

for (const [label, cp] of [
  ['a class directory', 'classes'],
  ['a jar whose manifest Class-Path names another jar', 'app.jar'],
  ['a lib/* wildcard before a jar', 'lib/*:app.jar'],
] as const) {
  test(`HotSpot engine, ${label}: the program sees its own class path, as on plain java`, () => {
    const java = runJava(['-cp', cp, 'cpview.Main'], { cwd: w });
    assert.equal(java.status, 0, java.stderr);
    assert.match(java.stdout, cp.includes('*') ? /^java.class.path=lib\/plugin.jar:app.jar\n/ : new RegExp(`^java.class.path=${cp.replace('.', '\\.')}\n`));
    assert.match(java.stdout, /\nruntime resource: null\n/);
    assert.match(java.stdout, /\ncopying loader: longest \d+, from the plugin at where:\d+ < get:\d+ \(own class: true, loader: true, methods: \d+\)\n/);
    const out = join(w, `profile-${cp.replace(/\W/g, '_')}.json`);
    const r = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '--granularity', '1000', '-o', out, '-cp', cp, 'cpview.Main'], { cwd: w });
    assert.equal(r.stdout, java.stdout);
    assert.equal(r.status, 0, r.stderr);
    // The three loaders of Main.plugin defined the transformed Plugin, as did the application
    // loader: each did the same work as the application's own call ('app: ...').
    const loaders = samplesUnder(out, 'cpview.Main.plugin', 'cpview.Plugin');
    const app = samplesUnder(out, 'cpview.Main.main', 'cpview.Plugin') - loaders;
    assert.ok(app > 100, `${app} samples in the application's cpview.Plugin`);
    assert.ok(loaders > 2.5 * app && loaders < 3.5 * app, `${loaders} samples in the other loaders' cpview.Plugin, ${app} in the application's`);
  });
}
