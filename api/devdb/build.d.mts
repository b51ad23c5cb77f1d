/** Folder the devdb binary is cached in. */
export function devdbCacheDir(): string;
/** Thrown when the binary cannot be built; the message says why and what to do instead. */
export class DevdbBuildError extends Error {}
/** Path of the devdb binary, built on first use. @throws DevdbBuildError */
export function ensureDevdbBinary(options?: { log?: (line: string) => void }): string;
