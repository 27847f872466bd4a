// Every member the transformer may emit (server/src/runtime/contract.ts) exists in the compiled
// runtime with that descriptor, is public, and is static exactly when the contract says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { RT, extendedDescriptor, isRuntimeClass, runtimeSystemProperties, RuntimeContractError, EXTRA_PARAMS_DESC } from '../../server/src/runtime/contract';
import { runtimeClasses } from './runtime-fixtures';

interface Decl {
  name: string;
  descriptor: string;
  isStatic: boolean;
  isPublic: boolean;
  isFinal: boolean;
}

function javapMembers(className: string): Decl[] {
  const r = spawnSync('javap', ['-p', '-s', '-cp', runtimeClasses().classesDir, className], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  const out: Decl[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const decl = lines[i]!.trim();
    const d = lines[i + 1]!.trim();
    if (!d.startsWith('descriptor:') || !decl.endsWith(';')) continue;
    const head = decl.includes('(') ? decl.slice(0, decl.indexOf('(')) : decl.slice(0, -1);
    const words = head.split(/\s+/);
    out.push({
      name: words[words.length - 1]!,
      descriptor: d.slice('descriptor:'.length).trim(),
      isStatic: words.includes('static'),
      isPublic: words.includes('public'),
      isFinal: words.includes('final'),
    });
  }
  return out;
}

test('every contract member exists in the compiled runtime with its descriptor and kind', () => {
  const byClass = new Map<string, Decl[]>();
  for (const [key, m] of Object.entries(RT)) {
    const cls = m.owner.replace(/\//g, '.');
    if (!byClass.has(cls)) byClass.set(cls, javapMembers(cls));
    const found = byClass.get(cls)!.filter((d) => d.name === m.name && d.descriptor === m.descriptor);
    assert.equal(found.length, 1, `${key}: ${m.owner}.${m.name}${m.descriptor} in ${JSON.stringify(byClass.get(cls)!.filter((d) => d.name === m.name))}`);
    const d = found[0]!;
    assert.ok(d.isPublic, `${key} is public`);
    assert.equal(d.isStatic, m.kind === 'static', `${key} static`);
    if (m.kind === 'field') assert.ok(!d.isFinal, `${key}: generated code writes it`);
  }
});

test('TC is final and MID is an interface (invokevirtual on TC, aastore of any MID)', () => {
  const r = spawnSync('javap', ['-cp', runtimeClasses().classesDir, 'komorium.rt.TC', 'komorium.rt.MID'], { encoding: 'utf8' });
  assert.match(r.stdout, /public final class komorium\.rt\.TC/);
  assert.match(r.stdout, /public interface komorium\.rt\.MID/);
});

test('extended descriptors append (TC, MID[], int)', () => {
  assert.equal(extendedDescriptor('(II)I'), '(IILkomorium/rt/TC;[Lkomorium/rt/MID;I)I');
  assert.equal(extendedDescriptor('()V'), `(${EXTRA_PARAMS_DESC})V`);
  assert.equal(extendedDescriptor('([Ljava/lang/String;)V'), '([Ljava/lang/String;Lkomorium/rt/TC;[Lkomorium/rt/MID;I)V');
  assert.throws(() => extendedDescriptor('I'), RuntimeContractError);
  assert.equal(isRuntimeClass('komorium/rt/TC'), true);
  assert.equal(isRuntimeClass('komorium/rtx/TC'), false);
  assert.deepEqual(runtimeSystemProperties({ granularity: 500, args: ['a b', 'c'], out: '/x/p.json' }), [
    '-Dkomorium.granularity=500',
    '-Dkomorium.out=/x/p.json',
    '-Dkomorium.args=a b\u001fc',
  ]);
});
