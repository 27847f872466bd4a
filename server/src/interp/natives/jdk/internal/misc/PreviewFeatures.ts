// Natives of jdk.internal.misc.PreviewFeatures (JDK 21+): preview features are never enabled
// on the embedded JVM (it takes no --enable-preview; a class file that needs them is refused
// when loaded, class-header.ts).

import type { NativeTable } from '../../../registry';

export const natives: NativeTable = {
  'isPreviewEnabled()Z': () => 0,
};
