/**
 * The JWT signing secret: ATLAS_JWT_SECRET when set, else one generated on first boot and kept in
 * `jwt-secret` beside the SQLite database (or `var/jwt-secret` for PostgreSQL and in-memory
 * databases), so tokens survive restarts. Several API processes must share an explicit secret.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MIN_JWT_SECRET_LENGTH, type Config } from '../config';

export const JWT_SECRET_FILE_NAME = 'jwt-secret';

/** Where the generated secret lives for a given database configuration. */
export function jwtSecretFile(config: Pick<Config, 'database'>, cwd = process.cwd()): string {
  const { database } = config;
  const dir =
    database.kind === 'sqlite' && database.file !== ':memory:'
      ? path.dirname(database.file)
      : path.resolve(cwd, 'var');
  return path.join(dir, JWT_SECRET_FILE_NAME);
}

export async function resolveJwtSecret(
  config: Pick<Config, 'database' | 'jwtSecret'>,
  cwd = process.cwd(),
): Promise<string> {
  if (config.jwtSecret !== null) return config.jwtSecret;
  return readOrCreateSecretFile(jwtSecretFile(config, cwd));
}

/**
 * Reads the secret file, creating it when absent. The new secret is written to a temp file (mode
 * 0600) and hard-linked into place: link fails if the name exists, so two processes booting at
 * once agree on the first secret written, and a crash mid-write never leaves a truncated secret.
 */
export async function readOrCreateSecretFile(file: string): Promise<string> {
  const existing = await readSecret(file);
  if (existing !== null) return existing;
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(temp, file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  const secret = await readSecret(file);
  if (secret === null) throw new Error(`could not create the JWT secret file ${file}`);
  return secret;
}

async function readSecret(file: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(
      `${file} holds a JWT secret shorter than ${MIN_JWT_SECRET_LENGTH} characters; delete it to generate a new one`,
    );
  }
  return secret;
}
