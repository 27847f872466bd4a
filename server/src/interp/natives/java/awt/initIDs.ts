// The `static native void initIDs()` of java.desktop's classes (java.awt.Toolkit, Color,
// Rectangle, Insets, AWTEvent, Component, the image and font classes, ...). In the JDK each only
// caches JNI field and method IDs for the class's other natives; this VM has no JNI, so doing
// nothing is the whole of their effect. With them, the headless, pure-Java part of AWT works
// (Color, geometry, AffineTransform, Rectangle); a native that does real work is still an
// UnsatisfiedLinkError naming it.

import type { JMethod } from '../../../klass';
import type { NativeFn } from '../../registry';

const AWT_PACKAGES = ['java/awt/', 'sun/awt/', 'sun/java2d/', 'sun/font/'];

const noIds: NativeFn = () => undefined;

/** The native for `m` if it is one of java.desktop's initIDs(), else undefined. */
export function awtInitIDs(m: JMethod): NativeFn | undefined {
  if (m.nameDesc !== 'initIDs()V' || !m.isStatic) return undefined;
  const n = m.klass.name;
  return AWT_PACKAGES.some((p) => n.startsWith(p)) ? noIds : undefined;
}
