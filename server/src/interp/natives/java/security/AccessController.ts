// Natives of java.security.AccessController (no security manager: no restricted contexts, but
// the contexts are built as HotSpot builds them, so the same Java code runs on them: issue 15).

import type { JObject } from '../../../object';
import { InitState } from '../../../klass';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { classOf, getField, setField } from '../../util';

const ACC = 'java/security/AccessControlContext';

/**
 * HotSpot's JVM_GetStackAccessControlContext: the protection domains of the thread's frames
 * from the top (consecutive duplicates and nulls left out), up to and including the first
 * `AccessController.executePrivileged` frame (whose domain is its caller argument's). Null when
 * that frame has no context and no domain was found; otherwise a new AccessControlContext made
 * without its constructor (context, privilegedContext, isPrivileged, isAuthorized = true), after
 * initialising the class. `AccessController.getContext` then calls `optimize()` on it.
 */
function stackContext(vm: VM, t: JThread): unknown {
  const domains: JObject[] = [];
  let previous: JObject | null = null;
  let privileged = false;
  let privilegedContext: JObject | null = null;
  for (const f of t.javaFrames()) {
    const m = f.m!;
    let pd: JObject | null;
    if (m.name === 'executePrivileged' && m.klass.name === 'java/security/AccessController') {
      privileged = true;
      privilegedContext = t.r[f.lp + 1] as JObject | null;
      const caller = t.r[f.lp + 2] as JObject | null;
      pd = caller === null ? null : classOf(vm, caller).protectionDomain;
    } else {
      pd = m.klass.protectionDomain;
    }
    if (pd !== null && pd !== previous) {
      domains.push(pd);
      previous = pd;
    }
    if (privileged) break;
  }
  if (domains.length === 0 && privileged && privilegedContext === null) return null;
  const k = vm.classes.loadBoot(ACC);
  const make = (): JObject => {
    const acc = vm.allocObject(k);
    setField(vm, acc, ACC, 'context', domains.length === 0 ? null : vm.newObjectArray(vm.classes.loadBoot('java/security/ProtectionDomain'), domains));
    setField(vm, acc, ACC, 'privilegedContext', privilegedContext);
    setField(vm, acc, ACC, 'isPrivileged', privileged ? 1 : 0);
    setField(vm, acc, ACC, 'isAuthorized', 1);
    return acc;
  };
  return k.state === InitState.Initialized ? make() : vm.initializeThen(t, k, make);
}

export const natives: NativeTable = {
  'getStackAccessControlContext()Ljava/security/AccessControlContext;': stackContext,
  // The thread's inheritedAccessControlContext, as HotSpot reads it.
  'getInheritedAccessControlContext()Ljava/security/AccessControlContext;': (vm: VM, t: JThread) =>
    t.jthread === null ? null : (getField(vm, t.jthread, 'java/lang/Thread', 'inheritedAccessControlContext') as JObject | null),
  'ensureMaterializedForStackWalk(Ljava/lang/Object;)V': () => undefined,
  'getProtectionDomain(Ljava/lang/Class;)Ljava/security/ProtectionDomain;': (vm: VM, _t: JThread, c: JObject) => classOf(vm, c).protectionDomain,
};
