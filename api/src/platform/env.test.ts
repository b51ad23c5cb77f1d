import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, REPO_ROOT, defaultRegistration, parseEnv, shouldSeedDemo } from './env.js';

describe('parseEnv', () => {
  it('fills in the defaults of docs/architecture.md#running-it', () => {
    const env = parseEnv({});
    expect(env).toEqual({
      PORT: 3000,
      DATA_DIR: resolve(REPO_ROOT, '.data'),
      SITE_URL: '/login',
      NODE_ENV: 'development',
      SESSION_TTL_DAYS: 7,
      LOG_LEVEL: 'info',
      PWA_DIST: resolve(REPO_ROOT, 'pwa/dist'),
      TRUST_PROXY: false,
      SESSION_IDLE_MINUTES: 1440,
      ALLOWED_ORIGINS: [],
      CSRF_REQUIRE_ORIGIN: false,
      UPLOAD_STORE: 'disk',
      LOGIN_FAILURES_PER_EMAIL_IP: 10,
      LOGIN_FAILURES_PER_EMAIL_IP_MINUTES: 15,
      LOGIN_FAILURES_PER_EMAIL: 50,
      LOGIN_FAILURES_PER_EMAIL_MINUTES: 60,
      LOGIN_FAILURES_PER_IP: 300,
      LOGIN_FAILURES_PER_IP_MINUTES: 15,
      REGISTRATIONS_PER_IP_HOUR: 30,
      REGISTRATION: { mode: 'open' },
      BACKUP_SCHEDULE: true,
      DEVDB_PUSHDOWN: 'on',
      TRANSCRIBE: 'on',
      TRANSCRIBE_IDLE_MS: 60_000,
      TRANSCRIBE_TIMEOUT_MS: 120_000,
    });
    expect(env.MONGODB_URI).toBeUndefined();
    expect(env.DEVICE_COOKIE_KEY).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBeUndefined();
    expect(env.PUBLIC_ORIGIN).toBeUndefined();
  });

  it('reads the transcription worker’s switch and times, in ms', () => {
    expect(parseEnv({ TRANSCRIBE: 'off', TRANSCRIBE_IDLE_MS: '5000', TRANSCRIBE_TIMEOUT_MS: '30000' })).toMatchObject({
      TRANSCRIBE: 'off',
      TRANSCRIBE_IDLE_MS: 5000,
      TRANSCRIBE_TIMEOUT_MS: 30000,
    });
    expect(() => parseEnv({ TRANSCRIBE: 'yes' })).toThrow(/TRANSCRIBE: must be on or off/);
    expect(() => parseEnv({ TRANSCRIBE_IDLE_MS: '10' })).toThrow(/TRANSCRIBE_IDLE_MS: must be a whole number of milliseconds/);
    expect(() => parseEnv({ TRANSCRIBE_TIMEOUT_MS: '1.5e9' })).toThrow(/TRANSCRIBE_TIMEOUT_MS: must be a whole number of milliseconds/);
  });

  it('reads DEVDB_PUSHDOWN as on or off', () => {
    expect(parseEnv({ DEVDB_PUSHDOWN: 'off' }).DEVDB_PUSHDOWN).toBe('off');
    expect(parseEnv({ DEVDB_PUSHDOWN: 'on' }).DEVDB_PUSHDOWN).toBe('on');
    expect(() => parseEnv({ DEVDB_PUSHDOWN: 'no' })).toThrow(/DEVDB_PUSHDOWN: must be on or off/);
  });

  it('reads PUBLIC_ORIGIN as a lower-case origin without a default port, and refuses one with a path', () => {
    expect(parseEnv({ PUBLIC_ORIGIN: 'https://Oracy.School.Example' }).PUBLIC_ORIGIN).toBe('https://oracy.school.example');
    expect(parseEnv({ PUBLIC_ORIGIN: 'https://oracy.school.example:443' }).PUBLIC_ORIGIN).toBe('https://oracy.school.example');
    expect(parseEnv({ PUBLIC_ORIGIN: 'http://10.0.0.5:8080' }).PUBLIC_ORIGIN).toBe('http://10.0.0.5:8080');
    for (const bad of ['https://oracy.school.example/', 'https://oracy.school.example/app', 'oracy.school.example', 'ftp://oracy.example', 'https://user@oracy.example']) {
      expect(() => parseEnv({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN: must be an origin such as https:\/\/oracy.example, with no path/);
    }
  });

  it('reads good values, making paths absolute and treating empty strings as unset', () => {
    const env = parseEnv({
      PORT: '8080',
      MONGODB_URI: 'mongodb+srv://user:pw@cluster.example/oracy',
      DATA_DIR: 'tmp/data',
      SITE_URL: 'https://oracy.example/',
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      SESSION_TTL_DAYS: '0.5',
      LOG_LEVEL: 'debug',
      PWA_DIST: '/srv/pwa',
      TRUST_PROXY: '1',
      REDIS_URL: 'redis://10.0.0.5:6379/0',
      UPLOAD_STORE: 'gridfs',
      UNRELATED: 'ignored',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      MONGODB_URI: 'mongodb+srv://user:pw@cluster.example/oracy',
      DATA_DIR: resolve('tmp/data'),
      SITE_URL: 'https://oracy.example/',
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      SESSION_TTL_DAYS: 0.5,
      LOG_LEVEL: 'debug',
      PWA_DIST: '/srv/pwa',
      TRUST_PROXY: true,
      REDIS_URL: 'redis://10.0.0.5:6379/0',
      UPLOAD_STORE: 'gridfs',
    });
    expect(() => parseEnv({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL: must start with redis:\/\/ or rediss:\/\//);
    expect(() => parseEnv({ UPLOAD_STORE: 's3' })).toThrow(/UPLOAD_STORE: must be disk or gridfs/);
    expect(parseEnv({ MONGODB_URI: '', PORT: ' ' }).MONGODB_URI).toBeUndefined();
    expect(parseEnv({ NODE_ENV: 'test' }).LOG_LEVEL).toBe('silent');
    // scheduled backups: on by default, off under test unless asked for.
    expect(parseEnv({ NODE_ENV: 'test' }).BACKUP_SCHEDULE).toBe(false);
    expect(parseEnv({ NODE_ENV: 'test', BACKUP_SCHEDULE: '1' }).BACKUP_SCHEDULE).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production', BACKUP_SCHEDULE: '0' }).BACKUP_SCHEDULE).toBe(false);
    expect(() => parseEnv({ BACKUP_SCHEDULE: 'daily' })).toThrow(/BACKUP_SCHEDULE: must be '0' or '1'/);
  });

  it('throws an EnvError listing every bad variable readably', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'abc', SESSION_TTL_DAYS: '-1', SEED_DEMO: 'yes', NODE_ENV: 'staging', MONGODB_URI: 'http://db', SITE_URL: '//evil', LOG_LEVEL: 'loud', TRUST_PROXY: 'true' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems;
    expect(problems).toHaveLength(8);
    expect(problems).toContain('PORT: must be a whole number from 0 to 65535 (got "abc")');
    expect(problems).toContain('SESSION_TTL_DAYS: must be a positive number of days (got "-1")');
    expect(problems).toContain(`SEED_DEMO: must be '0' or '1' (got "yes")`);
    expect(problems.join('\n')).toMatch(/NODE_ENV: must be development, test or production/);
    expect((error as EnvError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('refuses out-of-range numbers', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: '3000.5' })).toThrow(EnvError);
    expect(() => parseEnv({ SESSION_TTL_DAYS: '0' })).toThrow(EnvError);
    expect(() => parseEnv({ SESSION_TTL_DAYS: '401' })).toThrow(/at most 400 days/);
  });

  it('reads the sign-in limits as whole numbers of failures and minutes, and a device cookie key of at least 32 characters', () => {
    expect(parseEnv({ LOGIN_FAILURES_PER_EMAIL_IP: '5', LOGIN_FAILURES_PER_EMAIL_MINUTES: '120', LOGIN_FAILURES_PER_IP: '1000' })).toMatchObject({
      LOGIN_FAILURES_PER_EMAIL_IP: 5,
      LOGIN_FAILURES_PER_EMAIL_MINUTES: 120,
      LOGIN_FAILURES_PER_IP: 1000,
    });
    expect(() => parseEnv({ LOGIN_FAILURES_PER_EMAIL: '0' })).toThrow(/LOGIN_FAILURES_PER_EMAIL: must be a whole number from 1 to 1000000 \(got "0"\)/);
    expect(() => parseEnv({ LOGIN_FAILURES_PER_IP: '2.5' })).toThrow(/LOGIN_FAILURES_PER_IP: must be a whole number/);
    expect(() => parseEnv({ LOGIN_FAILURES_PER_IP_MINUTES: '10081' })).toThrow(/LOGIN_FAILURES_PER_IP_MINUTES: must be a whole number of minutes from 1 to 10080/);
    expect(() => parseEnv({ LOGIN_FAILURES_PER_EMAIL_IP_MINUTES: 'soon' })).toThrow(EnvError);
    const key = 'x'.repeat(32);
    expect(parseEnv({ DEVICE_COOKIE_KEY: key }).DEVICE_COOKIE_KEY).toBe(key);
    expect(() => parseEnv({ DEVICE_COOKIE_KEY: 'short-secret' })).toThrow(/DEVICE_COOKIE_KEY: must be at least 32 characters/);
  });
});

describe('REGISTRATION (docs/product.md#registration-policy)', () => {
  it('reads open, closed and a list of email domains, case-insensitively', () => {
    expect(parseEnv({ REGISTRATION: 'open' }).REGISTRATION).toEqual({ mode: 'open' });
    expect(parseEnv({ REGISTRATION: 'Closed' }).REGISTRATION).toEqual({ mode: 'closed' });
    expect(parseEnv({ REGISTRATION: 'domains:School.Example, pupils.school.example,,school.example' }).REGISTRATION).toEqual({
      mode: 'domains',
      domains: ['school.example', 'pupils.school.example'],
    });
  });

  it.each([
    ['yes', /REGISTRATION: must be open, closed, or domains: followed by comma-separated email domains/],
    ['domains', /REGISTRATION: must be open, closed, or domains:/],
    ['domains:', /REGISTRATION: domains: must list at least one email domain/],
    ['domains: , ', /REGISTRATION: domains: must list at least one email domain/],
    ['domains:school', /REGISTRATION: "school" is not an email domain such as school.example \(got "domains:school"\)/],
    ['domains:@school.example,a b.example', /"@school.example", "a b.example" are not email domains/],
    ['domains:-bad.example', /"-bad.example" is not an email domain/],
  ])('refuses %j with a readable message', (value, message) => {
    expect(() => parseEnv({ REGISTRATION: value })).toThrow(message);
  });

  it.each([
    [{}, 'open'],
    [{ NODE_ENV: 'test' }, 'open'],
    [{ NODE_ENV: 'production' }, 'closed'],
    [{ NODE_ENV: 'production', SEED_DEMO: '1' }, 'open'],
    [{ SEED_DEMO: '0' }, 'closed'],
    [{ NODE_ENV: 'production', REGISTRATION: 'open' }, 'open'],
    [{ SEED_DEMO: '1', REGISTRATION: 'closed' }, 'closed'],
  ] as const)('defaults to open only while the demo data is in use: %j → %s', (source, mode) => {
    expect(parseEnv(source).REGISTRATION.mode).toBe(mode);
  });

  it('defaultRegistration follows shouldSeedDemo', () => {
    expect(defaultRegistration({ NODE_ENV: 'production' })).toEqual({ mode: 'closed' });
    expect(defaultRegistration({ NODE_ENV: 'development' })).toEqual({ mode: 'open' });
  });
});

describe('shouldSeedDemo', () => {
  it.each([
    [undefined, 'development', true],
    [undefined, 'test', true],
    [undefined, 'production', false],
    ['0', 'development', false],
    ['1', 'production', true],
    ['0', 'production', false],
  ] as const)('SEED_DEMO=%s NODE_ENV=%s → %s', (SEED_DEMO, NODE_ENV, expected) => {
    expect(shouldSeedDemo({ SEED_DEMO, NODE_ENV })).toBe(expected);
  });
});
