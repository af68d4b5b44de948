import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicOrigin: 'http://localhost:8080',
      databaseUrl: undefined,
      seed: undefined,
      seedAdminEmail: DEFAULT_ADMIN_EMAIL,
      nodeEnv: 'development',
      logLevel: 'info',
      jobs: 'on',
    });
    expect(config.dataDir.endsWith('data')).toBe(true);
    expect(config.staticDir.endsWith('apps/web/dist')).toBe(true);
  });

  it('never falls back to the documented admin password in production', () => {
    expect(loadConfig({}).seedAdminPassword).toBe(DEFAULT_ADMIN_PASSWORD);
    expect(loadConfig({ NODE_ENV: 'production' }).seedAdminPassword).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'production', SEED_ADMIN_PASSWORD: 'set-by-operator' }).seedAdminPassword,
    ).toBe('set-by-operator');
  });

  it('reads JOBS=off as an API-only process', () => {
    expect(loadConfig({ JOBS: 'off' }).jobs).toBe('off');
  });

  it('derives PUBLIC_ORIGIN from PORT', () => {
    expect(loadConfig({ PORT: '9000' }).publicOrigin).toBe('http://localhost:9000');
  });

  it('reads ALLOWED_ORIGINS as origins, and refuses one that is not http(s)', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'http://localhost:5173, https://a.example/path' }).allowedOrigins,
    ).toEqual(['http://localhost:5173', 'https://a.example']);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'http://ok.example,javascript:alert(1)' })).toThrow(
      /ALLOWED_ORIGINS/,
    );
  });

  it('rejects a malformed PORT naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it.each([
    ['DATABASE_URL', 'mysql://x'],
    ['SEED', 'everything'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_ADMIN_EMAIL', 'not-an-email'],
    ['PUBLIC_ORIGIN', 'localhost'],
    ['UPLOAD_MAX_MB', 'lots'],
    ['UPLOAD_MAX_MB', '0'],
    ['S3_BUCKET', 'Not_A_Bucket'],
    ['S3_ENDPOINT', 'ftp://s3.example'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['JOBS', 'sometimes'],
  ])('rejects a malformed %s naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('keeps uploads on local disk under DATA_DIR unless S3_BUCKET is set', () => {
    const config = loadConfig({ DATA_DIR: '/srv/nexus' });
    expect(config).toMatchObject({ storageDir: '/srv/nexus/files', s3: undefined, uploadMaxMb: 50 });
    expect(loadConfig({ STORAGE_DIR: '/mnt/uploads', UPLOAD_MAX_MB: '200' })).toMatchObject({
      storageDir: '/mnt/uploads',
      uploadMaxMb: 200,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'nexus-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'nexus-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses an S3 key without its secret, naming the missing one', () => {
    expect(() => loadConfig({ S3_BUCKET: 'nexus-files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });
});
