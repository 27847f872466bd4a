// What a file that is not a Komorium profile is, for the error that says so: a speedscope
// file, a Chrome/V8 .cpuprofile, a Komorium export, some other JSON, or not JSON at all.

/** A short description of a parsed JSON value that is not a Komorium profile. */
export function describeForeignJson(v: unknown): string {
  if (Array.isArray(v)) return `a JSON array of ${v.length} element${v.length === 1 ? '' : 's'}`;
  if (v === null || typeof v !== 'object') return `a JSON ${v === null ? 'null' : typeof v}`;
  const o = v as Record<string, unknown>;
  const schema = typeof o['$schema'] === 'string' ? (o['$schema'] as string) : '';
  if (schema.includes('speedscope')) return 'a speedscope profile';
  if (Array.isArray(o['nodes']) && Array.isArray(o['samples']) && 'startTime' in o) return 'a Chrome/V8 CPU profile (.cpuprofile)';
  if (Array.isArray(o['traceEvents'])) return 'a Chrome trace (traceEvents)';
  if (typeof o['format'] === 'string') return `a file of format "${o['format'] as string}"`;
  const keys = Object.keys(o).slice(0, 5);
  return keys.length === 0 ? 'an empty JSON object' : `a JSON object with ${keys.map((k) => `"${k}"`).join(', ')}${Object.keys(o).length > 5 ? ', …' : ''}`;
}

/** The expected shape, for the end of such an error. */
export const EXPECTED_PROFILE = 'a Komorium profile is the JSON file `komorium run` writes ({"format":"komorium-profile","version":1,...}; docs/PROFILE_FORMAT.md)';
