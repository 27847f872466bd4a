// Whether a JDK's class library can be booted (the embedded JVM, before a boot: not before a
// restore from a boot snapshot, which a JDK that failed this check never wrote) or instrumented
// (HotSpot's copy, engine/jdk-image.ts, before its build): lib/modules
// whole (a copy cut short fails mid-boot otherwise, with a reader's error from deep in class
// loading), java.lang.Object readable from it, and its class-file version that of the release
// the `release` file names (a `release` of another JDK would boot one release's class library
// with another's natives and boot steps: the VM refused java.lang.Object with an
// UnsupportedClassVersionError that reached the user as "[object Object]").

import type { JdkInfo } from './jdk';
import type { JImage } from './jimage';
import { JImageFormatError } from './errors';

/** What is wrong with `jdk`'s class library for a boot, or null when nothing is. */
export function jdkImageProblem(jdk: JdkInfo, image: JImage | undefined): string | null {
  if (image === undefined) return `it has no lib/modules (${jdk.modulesPath})`;
  try {
    const { end, fileSize } = image.contentEnd();
    if (end > fileSize) return `its lib/modules (${jdk.modulesPath}) is truncated: ${fileSize} bytes, its resources end at byte ${end}`;
    const obj = image.find('/java.base/java/lang/Object.class');
    if (obj === undefined || obj.length < 8 || obj[0] !== 0xca || obj[1] !== 0xfe || obj[2] !== 0xba || obj[3] !== 0xbe) {
      return `its lib/modules (${jdk.modulesPath}) has no readable java.base/java/lang/Object.class`;
    }
    const major = (obj[6]! << 8) | obj[7]!;
    const feature = major - 44;
    if (feature !== jdk.feature) {
      return `its release file says JAVA_VERSION="${jdk.version}" (JDK ${jdk.feature}), but its lib/modules holds JDK ${feature}'s classes (java.lang.Object has class-file version ${major}); the release file does not belong to this JDK`;
    }
    return null;
  } catch (e) {
    if (e instanceof JImageFormatError) return `its lib/modules is truncated or corrupt: ${e.message}`;
    throw e;
  }
}
