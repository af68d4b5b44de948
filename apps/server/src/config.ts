import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Default first platform administrator; documented in the README (DESIGN section 8). */
export const DEFAULT_ADMIN_EMAIL = 'admin@nexus.local';
export const DEFAULT_ADMIN_PASSWORD = 'Nexus-Admin-2026!';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** The origin of an http(s) URL, or undefined when it is not one. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function urlOf(protocols: string[]) {
  return optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL (${protocols.join(' or ')})` },
  );
}

/** Exactly the variables of DESIGN section 8; an empty value counts as unset. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: optionalText.default('127.0.0.1'),
  PUBLIC_ORIGIN: urlOf(['http:', 'https:']),
  /** More origins a redirect_uri may return to, comma-separated (the Vite dev server, a second domain). */
  ALLOWED_ORIGINS: optionalText.refine(
    (value) => value === undefined || value.split(',').every((part) => originOf(part.trim()) !== undefined),
    { message: 'must be comma-separated http(s) origins' },
  ),
  DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: urlOf(['postgres:', 'postgresql:']),
  REDIS_URL: urlOf(['redis:', 'rediss:']),
  /** `off`: an API-only process that enqueues jobs but never works them (DESIGN section 9). */
  JOBS: z.enum(['on', 'off']).default('on'),
  SMTP_URL: urlOf(['smtp:', 'smtps:']),
  MAIL_FROM: optionalText.default('Nexus <no-reply@nexus.local>'),
  SEED: z.enum(['demo', 'none']).optional(),
  SEED_ADMIN_EMAIL: z.email().optional(),
  SEED_ADMIN_PASSWORD: z.string().min(8).max(200).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  STORAGE_DIR: optionalText,
  S3_ENDPOINT: urlOf(['http:', 'https:']),
  S3_REGION: optionalText,
  S3_BUCKET: optionalText.refine(
    (value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
    { message: 'must be an S3 bucket name (3-63 lower-case letters, digits, dots and hyphens)' },
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(5120).default(50),
  AI_BASE_URL: urlOf(['http:', 'https:']),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
});

/** S3-compatible object storage for uploads (DESIGN section 8), present only when S3_BUCKET is set. */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own credential chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Path-style addresses (`endpoint/bucket/key`), which MinIO and s3rver need. */
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  publicOrigin: string;
  /** ALLOWED_ORIGINS: origins besides PUBLIC_ORIGIN that a redirect_uri may name. */
  allowedOrigins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** JOBS: `on` works the job queues in this process, `off` only enqueues. */
  jobs: 'on' | 'off';
  smtpUrl: string | undefined;
  mailFrom: string;
  /** `undefined` means "demo on an empty embedded database, else none", decided once the database is open. */
  seed: 'demo' | 'none' | undefined;
  seedAdminEmail: string;
  /**
   * The first platform administrator's password. Outside production it defaults to the documented
   * demo password; in production it is undefined unless set, so no server is ever opened with a
   * password printed in the README (the start refuses instead, see db/seed/first-admin.ts).
   */
  seedAdminPassword: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: (typeof LOG_LEVELS)[number];
  production: boolean;
  /** STORAGE_DIR: uploaded files on local disk when no S3 bucket is set. */
  storageDir: string;
  s3: S3Config | undefined;
  /** UPLOAD_MAX_MB: the largest single upload. */
  uploadMaxMb: number;
  /**
   * AI_BASE_URL, AI_API_KEY and AI_MODEL: an OpenAI-compatible chat-completions endpoint for AI
   * suggestions, present only when all three are set; otherwise the built-in suggester answers.
   */
  ai: { baseUrl: string; apiKey: string; model: string } | undefined;
  /** The built SPA; not an environment variable (DESIGN section 1: one origin). */
  staticDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a malformed value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    // Empty strings mean "unset" so `PORT= npm start` behaves like no PORT at all.
    input[key] = value === undefined || value.trim() === '' ? undefined : value;
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name}: ${issue.message} (got ${JSON.stringify(input[name] ?? '')})`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  // A key without its secret (or the reverse) would fail on the first upload; say so at the start.
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    throw new ConfigError(
      `Invalid configuration: ${missing}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together`,
    );
  }
  const aiSet = [e.AI_BASE_URL, e.AI_API_KEY, e.AI_MODEL].filter((value) => value !== undefined).length;
  // Part of a provider would silently fall back to the built-in suggester; say so at the start.
  if (aiSet > 0 && aiSet < 3) {
    throw new ConfigError(
      'Invalid configuration: AI_BASE_URL, AI_API_KEY and AI_MODEL: set all three or none',
    );
  }
  const dataDir = resolve(e.DATA_DIR ?? './data');
  return {
    port: e.PORT,
    host: e.HOST ?? '127.0.0.1',
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((part) => originOf(part.trim()))
      .filter((origin): origin is string => origin !== undefined),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jobs: e.JOBS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Nexus <no-reply@nexus.local>',
    seed: e.SEED,
    seedAdminEmail: (e.SEED_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase(),
    seedAdminPassword:
      e.SEED_ADMIN_PASSWORD ?? (e.NODE_ENV === 'production' ? undefined : DEFAULT_ADMIN_PASSWORD),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    storageDir: e.STORAGE_DIR ? resolve(e.STORAGE_DIR) : join(dataDir, 'files'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
        }
      : undefined,
    uploadMaxMb: e.UPLOAD_MAX_MB,
    ai:
      e.AI_BASE_URL && e.AI_API_KEY && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL }
        : undefined,
    staticDir: join(findRepoRoot(), 'apps/web/dist'),
  };
}

/** Walks up from this module (src/ in development, dist/ when bundled) to the workspace root. */
export function findRepoRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ('workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
      } catch {
        // An unreadable manifest is not the root; keep walking up.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return resolve(start, '../../..');
    dir = parent;
  }
}
