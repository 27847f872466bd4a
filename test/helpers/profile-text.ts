// A profile file's text without its wall-clock times (meta.startTime and meta.endTime), for
// comparing the profiles of two runs byte for byte; null when the file is missing or unreadable.

import { readFileSync } from 'node:fs';

export function profileWithoutTimes(file: string): string | null {
  try {
    const p = JSON.parse(readFileSync(file, 'utf8')) as { meta: Record<string, unknown> };
    delete p.meta.startTime;
    delete p.meta.endTime;
    return JSON.stringify(p);
  } catch {
    return null;
  }
}
