// Natives of com.sun.management.internal.DiagnosticCommandImpl (the DiagnosticCommand MBean the
// platform MBean server registers). The embedded JVM has no diagnostic commands (jcmd's): the
// bean lists none, and executing one is an UnsatisfiedLinkError naming the native.

import type { NativeTable } from '../../../../registry';
import type { VM } from '../../../../../vm';

export const natives: NativeTable = {
  'setNotificationEnabled(Z)V': () => undefined,
  'getDiagnosticCommands()[Ljava/lang/String;': (vm: VM) => vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), []),
  'getDiagnosticCommandInfo([Ljava/lang/String;)[Lcom/sun/management/internal/DiagnosticCommandInfo;': (vm: VM) =>
    vm.newObjectArray(vm.classes.loadBoot('com/sun/management/internal/DiagnosticCommandInfo'), []),
};
