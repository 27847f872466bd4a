// Export dispatcher: a profile to one of the supported formats, as text chunks (streamed to a
// file by writeExport) or as one string (exportProfile); pprof is gzipped protobuf (bytes).

import { exportCallgrind } from './export-callgrind';
import { collapsedChunks } from './export-collapsed';
import { cpuProfileChunks } from './export-cpuprofile';
import { exportHprof } from './export-hprof';
import { exportPprof } from './export-pprof';
import { speedscopeChunks } from './export-speedscope';
import { ProfileQueryError, type Profile } from './schema';
import { joinChunks, writeBytesToFile, writeChunksToFile, type Chunks } from './stream';
import { restrictToThread } from './tree';

export const EXPORT_FORMATS = ['collapsed', 'speedscope', 'cpuprofile', 'pprof', 'callgrind', 'hprof'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The formats whose export is text (pprof is gzipped protobuf). */
export type TextExportFormat = Exclude<ExportFormat, 'pprof'>;

export interface ExportOptions {
  signatures?: boolean;
  thread?: string;
  /** hprof: frames per TRACE (default 4, as HPROF's depth). */
  depth?: number;
}

export function isExportFormat(s: string): s is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(s);
}

/** A text format's file in pieces. Throws ProfileQueryError at once for a bad format or thread. */
export function exportChunks(profile: Profile, format: string, opts: ExportOptions = {}): Chunks {
  const p = opts.thread !== undefined ? restrictToThread(profile, opts.thread) : profile;
  if (!isExportFormat(format)) throw new ProfileQueryError(`unknown export format '${format}' (expected ${EXPORT_FORMATS.join(', ')})`);
  const sig = opts.signatures ?? false;
  switch (format) {
    case 'collapsed':
      return collapsedChunks(p, { signatures: sig });
    case 'speedscope':
      return withNewline(speedscopeChunks(p, { signatures: sig }));
    case 'cpuprofile':
      return withNewline(cpuProfileChunks(p));
    case 'callgrind':
      return [exportCallgrind(p)];
    case 'hprof':
      return [exportHprof(p, opts.depth !== undefined ? { depth: opts.depth } : {})];
    case 'pprof':
      throw new ProfileQueryError('pprof is a binary format: use exportProfile or writeExport');
  }
}

function* withNewline(chunks: Chunks): Chunks {
  yield* chunks;
  yield '\n';
}

/** The exported file's contents: text, or bytes for pprof. */
export function exportProfile(profile: Profile, format: TextExportFormat, opts?: ExportOptions): string;
export function exportProfile(profile: Profile, format: string, opts?: ExportOptions): string | Uint8Array;
export function exportProfile(profile: Profile, format: string, opts: ExportOptions = {}): string | Uint8Array {
  if (format === 'pprof') return exportPprof(opts.thread !== undefined ? restrictToThread(profile, opts.thread) : profile);
  return joinChunks(exportChunks(profile, format, opts));
}

/** Streams the export to a file (written to a temporary file, then renamed over `path`). */
export async function writeExport(profile: Profile, format: string, path: string, opts: ExportOptions = {}): Promise<void> {
  if (format === 'pprof') {
    writeBytesToFile(path, exportProfile(profile, format, opts));
    return;
  }
  await writeChunksToFile(exportChunks(profile, format, opts), path);
}
