// The common shape of a user class path entry (a class directory or a jar).

export interface Found {
  bytes: Uint8Array;
  /** Human-readable origin: '/abs/Foo.class', '/abs/app.jar!a/B.class', 'jrt:/java.base/...'. */
  source: string;
}

export interface ClassPathEntry {
  /** Absolute path of the directory or jar. */
  readonly path: string;
  /** A resource by '/'-separated relative path ('a/B.class', 'conf/x.properties'). */
  findResource(resourcePath: string): Found | undefined;
  /** The `source` string `findResource` gives for this path (without reading it). */
  sourceOf(resourcePath: string): string;
  /** Relative paths of all files (not directories) of the entry. */
  listResources(): Iterable<string>;
  close(): void;
}

/** True for a relative resource path without '.', '..' or empty segments and no backslash. */
export function isPlainResourcePath(p: string): boolean {
  if (p === '' || p.startsWith('/') || p.includes('\\') || p.includes('\0')) return false;
  for (const seg of p.split('/')) if (seg === '' || seg === '.' || seg === '..') return false;
  return true;
}
