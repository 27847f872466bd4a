// The class path layer: JDK discovery, the jimage reader, jars, class directories.
export { ClassPath, splitClassPath, launcherClassPath, expandWildcard, type ClassPathOptions, type ListedClass } from './classpath';
export { resolveTarget } from './target';
export { findJavaHome, featureOf, readReleaseVersion, type JdkInfo, type FindJdkOptions } from './jdk';
export { JImage, isTreeEntry, type JImageLocation, type JImageHeader } from './jimage';
export { JarFile } from './jar';
export { ClassDirectory } from './directory';
export { ZipFile, type ZipEntry } from './zip';
export type { ClassPathEntry, Found } from './entry';
export { ClassPathError, JImageFormatError, ZipFormatError, JdkNotFoundError, TargetNotFoundError } from './errors';
