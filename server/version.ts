import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The `version` field of the project's package.json, read once. */
export function readPackageVersion(): string {
  if (cached !== undefined) return cached;
  const pkg: unknown = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  );
  const version =
    typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string'
      ? pkg.version
      : '0.0.0';
  cached = version;
  return version;
}
