// Natives of java.io.Console: the program's standard streams are never a terminal here.

import type { NativeTable } from '../../registry';

export const natives: NativeTable = {
  'encoding()Ljava/lang/String;': () => null,
  'echo(Z)Z': () => 1,
  'istty()Z': () => 0,
};
