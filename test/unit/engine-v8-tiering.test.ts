// engine/v8-tiering.ts: while a run holds TurboFan back, V8 optimises no function; it does again
// once the last of overlapping holds lets go, or when the run has used the delay's CPU time;
// after the run's first bytecodes, large functions only once they are hotter than V8 asks
// (`--bytecode-size-allowance-per-tick`), `interpret` not at all, or (allowance 0) only functions
// under the hold's size bound (with a filter, the JIT's generated ones only).
// And `interpret` is left out of TurboFan while compiled code runs nearly all bytecodes.
// Checked in a child node with V8's natives syntax (%GetOptimizationStatus).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from '../helpers/java';

const MODULE = pathToFileURL(join(REPO, 'server', 'src', 'engine', 'v8-tiering.ts')).href;

/** Runs `body` (JavaScript with `hot()`: a fresh hot function's optimisation, true/false). */
function child(body: string, env: Record<string, string> = {}): string {
  const script = `
import { holdOptimisation } from ${JSON.stringify(MODULE)};
const out = [];
function hot() {
  const f = new Function('x', 'let s = 0; for (let i = 0; i < 100; i++) s += i * x; return s;');
  for (let i = 0; i < 200000; i++) f(i);
  return (%GetOptimizationStatus(f) & 16) !== 0;
}
// A fresh hot function of that name (the JIT's are jit_<method>), optimised or not.
let fresh = 0;
function hotNamed(name) {
  const f = (0, eval)('(function ' + name + '(x) { let s = ' + fresh++ + '; for (let i = 0; i < 100; i++) s += i * x; return s; })');
  for (let i = 0; i < 200000; i++) f(i);
  return (%GetOptimizationStatus(f) & 16) !== 0;
}
// Over 8,000 bytes of V8 bytecode (the never-taken branch), as cheap to call as hot()'s; named as the JIT's.
const big = (0, eval)('(function jit_big(x) { let s = 0; if (x === -1) {' + 's += x * 3 + (s >> 1);'.repeat(1500) + '} for (let i = 0; i < 100; i++) s += i * x; return s; })');
function hotBig() {
  for (let i = 0; i < 200000; i++) big(i);
  return (%GetOptimizationStatus(big) & 16) !== 0;
}
${body}
console.log(out.join(' '));
`;
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, ...env }, cwd: REPO });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

test('a hold keeps TurboFan off until the last overlapping hold lets go', () => {
  const got = child(`
out.push('free:' + hot());
const a = holdOptimisation();
const b = holdOptimisation();
out.push('held:' + hot());
a.release();
a.release();
out.push('one-left:' + hot());
b.release();
out.push('released:' + hot());
`);
  assert.equal(got, 'free:true held:false one-left:false released:true');
});

test('a hold lets go once the run has used the delay in CPU time; delay 0 holds nothing', () => {
  const got = child(`
const h = holdOptimisation();
out.push('held:' + hot());
const t0 = Date.now();
while (Date.now() - t0 < 60) {}
h.check();
out.push('after:' + hot());
`, { KOMORIUM_OPT_DELAY_MS: '20' });
  assert.equal(got, 'held:false after:true');
  assert.equal(child(`holdOptimisation(); out.push('off:' + hot());`, { KOMORIUM_OPT_DELAY_MS: '0' }), 'off:true');
});

test('after the first bytecodes a hold asks large functions to be hotter (KOMORIUM_OPT_HOLD_ALLOWANCE) and keeps interpret out; with allowance 0, small functions only (with KOMORIUM_OPT_HOLD_FILTER=jit_*, generated ones); the others once it ends', () => {
  const body = `
const h = holdOptimisation();
h.check(50);
out.push('first:' + hotNamed('jit_small'));
h.check(100);
out.push('small:' + hotNamed('jit_small') + '/' + hotBig() + '/' + hotNamed('analyze') + '/' + hotNamed('interpret'));
h.release();
out.push('released:' + hotBig() + '/' + hotNamed('analyze') + '/' + hotNamed('interpret'));
`;
  const held = { KOMORIUM_OPT_HOLD_BYTECODES: '100' };
  // The default allowance (20): no function is refused for its size, a hot large one is optimised; interpret is not.
  assert.equal(child(body, held), 'first:false small:true/true/true/false released:true/true/true');
  // Allowance 1: a large function must run far longer (1 tick per byte of its bytecode) than a small one.
  assert.equal(child(body, { ...held, KOMORIUM_OPT_HOLD_ALLOWANCE: '1' }), 'first:false small:true/false/true/false released:true/true/true');
  // Allowance 0: the size bound (KOMORIUM_OPT_HOLD_BYTES, 8,000 bytes) as before, which alone kept the real `interpret` out.
  const bound = { ...held, KOMORIUM_OPT_HOLD_ALLOWANCE: '0' };
  assert.equal(child(body, bound), 'first:false small:true/false/true/true released:true/true/true');
  // KOMORIUM_OPT_HOLD_FILTER=jit_*: the JIT's generated functions only in the second step.
  assert.equal(child(body, { ...bound, KOMORIUM_OPT_HOLD_FILTER: 'jit_*' }), 'first:false small:true/false/false/false released:true/true/true');
  assert.equal(child(body, { ...held, KOMORIUM_OPT_HOLD_FILTER: 'jit_*' }), 'first:false small:true/true/false/false released:true/true/true');
  // Not for a run whose bytecodes the interpreter runs (exact mode), nor with the JIT off: the size bound, interpret let in.
  const filtered = { ...held, KOMORIUM_OPT_HOLD_FILTER: 'jit_*' };
  assert.equal(child(body.replace('holdOptimisation()', 'holdOptimisation({ generatedOnly: false })'), filtered), 'first:false small:true/false/true/true released:true/true/true');
  assert.equal(child(body, { ...filtered, KOMORIUM_JIT: '0' }), 'first:false small:true/false/true/true released:true/true/true');
  // KOMORIUM_OPT_HOLD_BYTES=0: TurboFan stays off until the hold ends.
  assert.equal(child(`const h = holdOptimisation(); h.check(1e9); out.push('off:' + hot());`, { KOMORIUM_OPT_HOLD_BYTECODES: '100', KOMORIUM_OPT_HOLD_BYTES: '0' }), 'off:false');
});

/** Like `child`, with `hotNamed(name)`: a fresh hot function of that name, optimised or not. */
function tieringChild(body: string, env: Record<string, string> = {}): string {
  const script = `
import { interpreterTiering } from ${JSON.stringify(MODULE)};
const out = [];
let fresh = 0;
function hotNamed(name) {
  const f = (0, eval)('(function ' + name + '(x) { let s = ' + fresh++ + '; for (let i = 0; i < 100; i++) s += i * x; return s; })');
  for (let i = 0; i < 200000; i++) f(i);
  return (%GetOptimizationStatus(f) & 16) !== 0;
}
${body}
console.log(out.join(' '));
`;
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, ...env }, cwd: REPO });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

test('interpret is left out of TurboFan while compiled code runs nearly all bytecodes, let in again when the interpreter is busy', () => {
  const got = tieringChild(`
const a = interpreterTiering();
a.progress(0, 0);
a.progress(5e6, 4.9e6);
a.progress(10e6, 9.99e6);
out.push('one-quiet:' + hotNamed('interpret'));
a.progress(15e6, 14.99e6);
out.push('quiet:' + hotNamed('interpret') + '/' + hotNamed('other'));
const b = interpreterTiering();
out.push('second-run:' + hotNamed('interpret'));
b.release();
out.push('second-ended:' + hotNamed('interpret'));
a.progress(20e6, 19e6);
out.push('busy:' + hotNamed('interpret'));
a.progress(25e6, 25e6);
a.progress(30e6, 30e6);
out.push('quiet-again:' + hotNamed('interpret'));
a.release();
a.release();
out.push('ended:' + hotNamed('interpret'));
`);
  assert.equal(got, 'one-quiet:true quiet:false/true second-run:true second-ended:false busy:true quiet-again:false ended:true');
  assert.equal(tieringChild(`const a = interpreterTiering(); a.progress(0, 0); a.progress(5e6, 5e6); a.progress(10e6, 10e6); out.push('off:' + hotNamed('interpret'));`, { KOMORIUM_INTERP_TIERING: '0' }), 'off:true');
});
