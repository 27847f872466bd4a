// Class files the program deletes, rewrites (Files.write, Files.copy) or truncates at run time,
// before they are loaded (test/java/interp-classfiles): each engine must load what is on disk
// then, as java does, not a copy made when the run started. Every run gets a fresh copy of the
// compiled classes; output and exit status must equal java's on its own copy. The HotSpot engine
// runs the deletions only (a rewritten class is defined untransformed there: docs/RUNTIME.md).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, runCli, runJava, tempDir } from '../helpers/java';

const SRC = join(REPO, 'test', 'java', 'interp-classfiles');
const SUMMARY = /^komorium: .* -> .*\n/m;
const classes = compileJava(SRC);

/** A fresh copy of the classes in a fresh working directory; returns the directory. */
function fresh(): string {
  const dir = tempDir('engine-classfiles');
  cpSync(classes, join(dir, 'cls'), { recursive: true });
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  return dir;
}

const CASES: { name: string; options: string[]; args: string[] }[] = [
  { name: 'embedded engine, uninstrumented', options: ['--no-profile'], args: [] },
  { name: 'embedded engine, --instrument app', options: ['--engine', 'interpreter', '--instrument', 'app', '-o', 'tmp/p.json'], args: [] },
  { name: 'HotSpot engine, --instrument app', options: ['--engine', 'jvm', '--instrument', 'app', '-o', 'tmp/p.json'], args: ['delete-only'] },
];

for (const c of CASES) {
  test(`class files deleted or rewritten at run time: ${c.name} loads what java loads`, { timeout: 180_000 }, () => {
    const hs = fresh();
    const java = runJava(['-cp', 'cls', 'Main', ...c.args], { cwd: hs });
    assert.equal(java.status, 0, java.stderr);
    const k = runCli(['run', ...c.options, '-cp', 'cls', 'Main', ...c.args], { cwd: fresh() });
    assert.equal(k.stdout, java.stdout);
    assert.equal(k.stderr.replace(SUMMARY, ''), java.stderr);
    assert.equal(k.status, java.status);
  });
}
