// Natives of java.lang.StackStreamFactory (StackWalker): the VM fills the walker's frame buffer
// in batches with the calling thread's frames, as HotSpot does.
//
// callStackWalk starts below the frames of the walking machinery itself (StackWalker,
// AbstractStackWalker and its direct subclasses), fills the first batch and calls the walker's
// doStackWalk back (an upcall; its result is callStackWalk's); fetchStackFrames continues from
// where the last batch stopped, identified by the anchor passed to doStackWalk. Frames of
// hidden classes and @Hidden methods are left out unless SHOW_HIDDEN_FRAMES is set. The buffer
// receives Class objects (FILL_CLASS_REFS_ONLY) or fills StackFrameInfo objects: a MemberName
// for the method and the bci.

import { JMethod } from '../../../klass';
import type { JArray, JObject } from '../../../object';
import { PENDING, VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { getField, setField } from '../../util';
import { pushCall } from '../../../calls';
import { toNumber, type Long } from '../../../long';
import { frameDescriptor, isHiddenFrame, isTrampoline } from '../../../invoke/frames';
import { fillFrameMember, frameMethodFlags, resolvedMethodName } from '../../../invoke/member';
import { memberTarget } from '../../../invoke/member';

// StackStreamFactory's mode bits.
const FILL_CLASS_REFS_ONLY = 0x2;
const SHOW_HIDDEN_FRAMES = 0x20;
const FILL_LIVE_STACK_FRAMES = 0x100;

const WALKER = 'java/lang/StackStreamFactory$AbstractStackWalker';

interface Walk {
  t: JThread;
  mode: number;
  /** Index in t.frames of the next frame to consider (walking down). */
  next: number;
  /** The buffer holds ClassFrameInfo/StackFrameInfo objects with classOrMemberName (JDK 22+). */
  frameInfo: boolean;
}

const walks = new Map<number, Walk>();
let nextAnchor = 1;

/** What a boot snapshot cannot hold (snapshot/graph.ts): stack walks of the host, or null. */
export function snapshotBlocker(): string | null {
  return walks.size > 0 ? 'stack walks' : null;
}

function isWalkerFrame(vm: VM, m: JMethod): boolean {
  const k = m.klass;
  const walker = vm.classes.loadBoot(WALKER);
  return k.name === 'java/lang/StackWalker' || k === walker || k.superclass === walker;
}

/** Fills frames[start ..] with up to `count` frames; returns the end index. */
function fill(vm: VM, w: Walk, count: number, start: number, frames: JArray): number {
  const data = frames.data as (JObject | null)[];
  let end = start;
  while (w.next >= 0 && end - start < count && end < data.length) {
    const f = w.t.frames[w.next--];
    const m = f.m;
    if (m === null) continue;
    if ((w.mode & SHOW_HIDDEN_FRAMES) === 0 && isHiddenFrame(m)) continue;
    if (isTrampoline(m)) continue;
    if (w.frameInfo) {
      // JDK 22+: ClassFrameInfo (class only) or StackFrameInfo objects in the buffer.
      const info = data[end];
      if (info === null) throw new VmError('java/lang/NullPointerException', null);
      const classOnly = (w.mode & FILL_CLASS_REFS_ONLY) !== 0;
      setField(vm, info, 'java/lang/ClassFrameInfo', 'classOrMemberName', classOnly ? vm.mirrorOf(m.klass) : resolvedMethodName(vm, m));
      const flags = getField(vm, info, 'java/lang/ClassFrameInfo', 'flags') as number;
      setField(vm, info, 'java/lang/ClassFrameInfo', 'flags', flags | frameMethodFlags(vm, m, isHiddenFrame(m)));
      if (!classOnly) setField(vm, info, 'java/lang/StackFrameInfo', 'bci', m.isNative ? -1 : f.pc);
    } else if (w.mode & FILL_CLASS_REFS_ONLY) data[end] = vm.mirrorOf(m.klass);
    else {
      const info = data[end];
      if (info === null) throw new VmError('java/lang/NullPointerException', null);
      fillFrameMember(vm, getField(vm, info, 'java/lang/StackFrameInfo', 'memberName') as JObject, m);
      setField(vm, info, 'java/lang/StackFrameInfo', 'bci', m.isNative ? -1 : f.pc);
    }
    end++;
  }
  return end;
}

/** Starts a walk: fills the first batch, then calls the walker's doStackWalk back (an upcall). */
function callStackWalk(vm: VM, t: JThread, self: JObject, md: number, skip: number, batch: number, start: number, frames: JObject | null, frameInfo: boolean): never {
    if (md & FILL_LIVE_STACK_FRAMES) throw new VmError('java/lang/UnsupportedOperationException', 'live stack frames are not supported by the embedded JVM');
    if (frames === null) throw new VmError('java/lang/NullPointerException', null);
    // Below this native frame: skip the walking machinery, then `skip` frames.
    let d = t.depth;
    while (d >= 0 && (t.frames[d].m === null || isWalkerFrame(vm, t.frames[d].m as JMethod))) d--;
    const w: Walk = { t, mode: md, next: d, frameInfo };
    for (let n = 0; n < skip && w.next >= 0; w.next--) if (t.frames[w.next].m !== null) n++;
    const end = fill(vm, w, batch, start, frames as JArray);
    const anchor = nextAnchor++;
    walks.set(anchor, w);
    const doStackWalk = vm.findMethod(vm.classes.loadBoot(WALKER), 'doStackWalk', '(JIIII)Ljava/lang/Object;');
    // JDK 17: (anchor, skip, batch size, start, end); JDK 22+: (anchor, skip, frames filled, start, end).
    pushCall(vm, t, doStackWalk, [self, anchor, skip, frameInfo ? end - start : batch, start, end], {
      kind: 'L',
      resumePc: -1,
      base: -1,
      onReturn: (v) => {
        walks.delete(anchor);
        return v;
      },
      onThrow: (e) => {
        walks.delete(anchor);
        return e;
      },
    });
    throw PENDING;
  }

export const natives: NativeTable = {
  'checkStackWalkModes()Z': () => 1,
};

export const walkerNatives: NativeTable = {
  'callStackWalk(JIII[Ljava/lang/Object;)Ljava/lang/Object;': (vm: VM, t: JThread, self: JObject, mode: Long, skip: number, batch: number, start: number, frames: JObject | null) =>
    callStackWalk(vm, t, self, toNumber(mode), skip, batch, start, frames, false),
  'fetchStackFrames(JJII[Ljava/lang/Object;)I': (vm: VM, _t: JThread, _self: JObject, _mode: Long, anchor: Long, batch: number, start: number, frames: JObject | null) => {
    const w = walks.get(toNumber(anchor));
    if (w === undefined) throw new VmError('java/lang/InternalError', 'doStackWalk: corrupted buffers on stack');
    if (frames === null) throw new VmError('java/lang/NullPointerException', null);
    return fill(vm, w, batch, start, frames as JArray);
  },
};

/** JDK 22+: int modes, a continuation to walk (only null here), buffers of frame-info objects. */
export const walkerNatives25: NativeTable = {
  'callStackWalk(IILjdk/internal/vm/ContinuationScope;Ljdk/internal/vm/Continuation;II[Ljava/lang/Object;)Ljava/lang/Object;': (vm: VM, t: JThread, self: JObject, mode: number, skip: number, _scope: JObject | null, cont: JObject | null, bufferSize: number, start: number, frames: JObject | null) => {
    if (cont !== null) throw new VmError('java/lang/UnsupportedOperationException', 'walking a continuation is not supported by the embedded JVM');
    return callStackWalk(vm, t, self, mode, skip, bufferSize - start, start, frames, true);
  },
  'fetchStackFrames(IJIII[Ljava/lang/Object;)I': (vm: VM, _t: JThread, _self: JObject, _mode: number, anchor: Long, _last: number, bufferSize: number, start: number, frames: JObject | null) => {
    const w = walks.get(toNumber(anchor));
    if (w === undefined) throw new VmError('java/lang/InternalError', 'doStackWalk: corrupted buffers on stack');
    if (frames === null) throw new VmError('java/lang/NullPointerException', null);
    // The number of frames filled (JDK 17 returned the end index).
    return fill(vm, w, bufferSize - start, start, frames as JArray) - start;
  },
  'setContinuation(J[Ljava/lang/Object;Ljdk/internal/vm/Continuation;)V': () => {
    throw new VmError('java/lang/UnsupportedOperationException', 'walking a continuation is not supported by the embedded JVM');
  },
};

/** JDK 22+: StackFrameInfo's method name and descriptor, from its ResolvedMethodName. */
export const stackFrameInfoNatives: NativeTable = {
  'expandStackFrameInfo()V': (vm: VM, _t: JThread, self: JObject) => {
    const m = frameInfoMethod(vm, self);
    setField(vm, self, 'java/lang/StackFrameInfo', 'name', vm.intern(m.name));
    // An extended copy's frame: the original's type, as the java.base patch leaves it on HotSpot.
    setField(vm, self, 'java/lang/StackFrameInfo', 'type', vm.intern(frameDescriptor(m.desc)));
  },
};

/** The method of a filled StackFrameInfo: its MemberName's (JDK 17) or ResolvedMethodName's (JDK 22+). */
export function frameInfoMethod(vm: VM, sfi: JObject): JMethod {
  const sfiClass = vm.classes.loadBoot('java/lang/StackFrameInfo');
  const legacy = sfiClass.instanceFields.some((f) => f.name === 'memberName');
  const target = legacy
    ? memberTarget(getField(vm, sfi, 'java/lang/StackFrameInfo', 'memberName') as JObject)
    : ((getField(vm, sfi, 'java/lang/ClassFrameInfo', 'classOrMemberName') as (JObject & { $vm?: unknown }) | null)?.$vm ?? null);
  if (!(target instanceof JMethod)) throw new VmError('java/lang/InternalError', 'StackFrameInfo without a method');
  return target;
}
