// Natives of java.net.DatagramPacket.

import type { NativeTable } from '../../registry';

export const natives: NativeTable = {
  'init()V': () => undefined,
};
