// Natives of java.security.AccessController (no security manager: no restricted contexts).

import type { NativeTable } from '../../registry';

export const natives: NativeTable = {
  'getStackAccessControlContext()Ljava/security/AccessControlContext;': () => null,
  'getInheritedAccessControlContext()Ljava/security/AccessControlContext;': () => null,
  'ensureMaterializedForStackWalk(Ljava/lang/Object;)V': () => undefined,
  'getProtectionDomain(Ljava/lang/Class;)Ljava/security/ProtectionDomain;': () => null,
};
