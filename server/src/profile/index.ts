// The profile model: schema, loader, builder, reports, exports, overlap.
export * from './schema';
export { parseProfile, loadProfile, profileFromJson } from './load';
export { toProfileFile, stringifyProfile } from './serialize';
export { ProfileBuilder, type FrameSpec } from './builder';
export { mergeThreads, preorder, pathTo, threadsNamed, restrictToThread } from './tree';
export { overlap, methodOverlap, overlapOfCounters, contextCounters, methodCounters, contextLineCounters, lineCounters, contextLineOverlap, lineOverlap, deltaBytecodes, ContextIds, type OverlapOptions } from './overlap';
export { noiseOverlap } from './noise';
export { methodStats, type MethodStat, type LineStat } from './lines';
export { formatReport, formatCpuSamples, formatTree, formatLines, type ReportOptions } from './report';
export { exportProfile, EXPORT_FORMATS, isExportFormat, type ExportFormat, type ExportOptions } from './export';
export { exportCollapsed, type CollapsedOptions } from './export-collapsed';
export { exportSpeedscope, type SpeedscopeFile, type SpeedscopeOptions } from './export-speedscope';
export { exportCpuProfile, type CpuProfile, type CpuProfileNode, type CpuProfileOptions } from './export-cpuprofile';
export { profilesEqualIgnoringTimes, profileDifferences } from './equal';
export { qualifiedName, methodLabel, methodKey, javaParameters, sourcePath } from './format';
