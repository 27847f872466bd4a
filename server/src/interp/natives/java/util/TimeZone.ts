// Natives of java.util.TimeZone: the host's zone found as the JDK does on Linux (the TZ
// variable of the program's environment, /etc/timezone, the /etc/localtime link).

import * as fs from 'node:fs';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';

function systemZone(vm: VM): string | null {
  let tz = vm.opts.env.TZ;
  if (tz !== undefined && tz !== '') return tz.startsWith(':') ? tz.slice(1) : tz;
  try {
    tz = fs.readFileSync('/etc/timezone', 'utf8').trim();
    if (tz !== '') return tz;
  } catch {
    // not Debian-like
  }
  try {
    const link = fs.readlinkSync('/etc/localtime');
    const i = link.indexOf('zoneinfo/');
    if (i >= 0) return link.slice(i + 'zoneinfo/'.length);
  } catch {
    // not a link
  }
  return null;
}

function offsetId(): string {
  // Minutes east of UTC of the host's local time.
  const east = -new Date().getTimezoneOffset();
  if (east === 0) return 'GMT';
  const a = Math.abs(east);
  return `GMT${east < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

export const natives: NativeTable = {
  'getSystemTimeZoneID(Ljava/lang/String;)Ljava/lang/String;': (vm: VM, _t: JThread) => {
    const z = systemZone(vm);
    return z === null ? null : vm.newString(z);
  },
  'getSystemGMTOffsetID()Ljava/lang/String;': (vm: VM) => vm.newString(offsetId()),
};
