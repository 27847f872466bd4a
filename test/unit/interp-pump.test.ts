// The pump copying an inheritIO child's output (natives/host/children.ts) runs from two places:
// the scheduler's pollers and drainPumps, when the program waits for the child. Once one has
// seen the end and closed the pipe, the other must not read it again: before the fix the
// poller ran on and read a descriptor that was closed ("not a pipe: 44", a flaky CI failure of
// interp-process) or, worse, already reused by the next child's pipe, whose output it stole.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { HostWaits } from '../../server/src/interp/hostwait';
import { drainPumps, pumpOutput, type Child } from '../../server/src/interp/natives/host/children';
import { makePipes, pipeClosed, pipeRead } from '../../server/src/interp/natives/host/pipes';
import type { VM } from '../../server/src/interp/vm';

function fakeVm(out: Uint8Array[]): { vm: VM; hostWaits: HostWaits } {
  const hostWaits = new HostWaits();
  const io = { stdout: (b: Uint8Array) => out.push(b), stderr: (b: Uint8Array) => out.push(b) };
  return { vm: { hostWaits, opts: { io } } as unknown as VM, hostWaits };
}

const text = (bs: Uint8Array[]): string => Buffer.concat(bs).toString('utf8');

test('a pump drained by a wait is not run again by the poller (closed or reused descriptor)', () => {
  for (let round = 0; round < 20; round++) {
    const out: Uint8Array[] = [];
    const { vm, hostWaits } = fakeVm(out);
    const [first] = makePipes([false]);
    fs.writeSync(first!.child, `first ${round}\n`);
    fs.closeSync(first!.child);
    const c: Child = { pid: -1, proc: {} as ChildProcess, status: 0, reaped: false, pumps: new Set() };
    pumpOutput(vm, c, first!.vm, 1);
    // The program waits for the exited child: the wait drains the pump to the end.
    drainPumps(c);
    assert.equal(text(out), `first ${round}\n`);
    assert.equal(c.pumps.size, 0);
    // The next child's pipe usually gets the descriptor just closed.
    const [next] = makePipes([false]);
    fs.writeSync(next!.child, 'next\n');
    // The scheduler polls: the finished pump must neither throw nor read the new pipe.
    hostWaits.poll(true);
    assert.equal(hostWaits.pollers.size, 0);
    assert.equal(text(out), `first ${round}\n`);
    const buf = new Uint8Array(64);
    const n = pipeRead(next!.vm, buf);
    assert.equal(Buffer.from(buf.subarray(0, n ?? 0)).toString('utf8'), 'next\n');
    fs.closeSync(next!.child);
    pipeClosed(next!.vm);
    fs.closeSync(next!.vm);
  }
});

test('a pump that reached the end through the poller is not run again by a wait', () => {
  const out: Uint8Array[] = [];
  const { vm, hostWaits } = fakeVm(out);
  const [p] = makePipes([false]);
  fs.writeSync(p!.child, 'x');
  fs.closeSync(p!.child);
  const c: Child = { pid: -1, proc: {} as ChildProcess, status: 0, reaped: false, pumps: new Set() };
  pumpOutput(vm, c, p!.vm, 2);
  hostWaits.poll(true);
  assert.equal(hostWaits.pollers.size, 0);
  drainPumps(c);
  assert.equal(text(out), 'x');
});
