import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readSettings } from './config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A configuration from exactly these variables (and a throwaway data folder and secret). */
const configFrom = (variables: Record<string, string>) =>
  loadConfig({}, { DATA_DIR: dataDir, JWT_SECRET: 'unit-test-secret', ...variables });

function problemsWith(variables: Record<string, string>): string {
  try {
    readSettings(variables);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`${JSON.stringify(variables)} was accepted`);
}

describe('configuration from the environment', () => {
  it('falls back to the documented defaults when nothing is set', () => {
    const config = configFrom({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      sqlitePath: path.join(dataDir, 'shop.db'),
      redisKeyPrefix: 'bazaar',
      trustedProxyHops: 0,
      pgPoolSize: 20,
      shutdownGraceMs: 500,
      metricsToken: undefined,
      trustedOrigins: ['http://localhost:5173'],
      payments: { upiVpa: 'bazaar.demo@upi', reservationMinutes: 30, expiryJobIntervalSeconds: 60 },
      authRateLimits: { otpPerMobile: 3, otpPerIp: 10, loginPerIp: 30 },
      responseCache: { ttlSeconds: 60, staleSeconds: 60, outsideChangesPollSeconds: 5 },
    });
    expect(config.clusterWorkers).toBeGreaterThan(0);
  });

  it('reads good values, treating an empty variable as unset', () => {
    const config = configFrom({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://shop@db/bazaar',
      DATABASE_SCHEMA: 'shop_1',
      REDIS_URL: '',
      TRUST_PROXY: '1',
      PG_POOL_SIZE: '25',
      SHUTDOWN_GRACE_MS: '0',
      CLUSTER_WORKERS: '4',
      METRICS_TOKEN: 'a-long-enough-scrape-token',
      PUBLIC_ORIGIN: 'https://shop.example.in, https://www.shop.example.in',
      RESERVATION_JOB_INTERVAL_SECONDS: '0',
      ORDER_RESERVATION_MINUTES: '0.5',
      RATE_LIMIT_LOGIN_PER_IP: '100',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      databaseUrl: 'postgres://shop@db/bazaar',
      databaseSchema: 'shop_1',
      redisUrl: undefined,
      trustedProxyHops: 1,
      pgPoolSize: 25,
      shutdownGraceMs: 0,
      clusterWorkers: 4,
      metricsToken: 'a-long-enough-scrape-token',
      trustedOrigins: ['https://shop.example.in', 'https://www.shop.example.in'],
      logLevel: 'debug',
      payments: { expiryJobIntervalSeconds: 0, reservationMinutes: 0.5 },
      authRateLimits: { loginPerIp: 100 },
    });
  });

  it('refuses bad values with one line per variable naming the variable, the rule and the value', () => {
    const message = problemsWith({
      NODE_ENV: 'prod',
      PORT: 'eighty',
      PG_POOL_SIZE: '0',
      TRUST_PROXY: 'yes please',
      SHUTDOWN_GRACE_MS: '-1',
      LOG_LEVEL: 'loud',
      PUBLIC_ORIGIN: 'shop.example.in',
    });
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '  NODE_ENV must be development, production or test (it is "prod")',
      '  PORT must be a whole number from 0 to 65535 (it is "eighty")',
      '  PG_POOL_SIZE must be a whole number of at least 1 (it is "0")',
      '  PUBLIC_ORIGIN must be comma-separated http(s):// origins (it is "shop.example.in")',
      '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (it is "loud")',
      '  TRUST_PROXY must be a whole number from 0 to 10 (it is "yes please")',
      '  SHUTDOWN_GRACE_MS must be a whole number of at least 0 (it is "-1")',
    ]);
  });

  it('reads TRUST_PROXY as the number of proxies in front, refusing the true of old (it trusted forged entries)', () => {
    expect(configFrom({ TRUST_PROXY: '2' }).trustedProxyHops).toBe(2);
    expect(problemsWith({ TRUST_PROXY: 'true' })).toContain(
      'TRUST_PROXY must be a whole number from 0 to 10',
    );
  });

  it('names a bad secret without printing it', () => {
    const message = problemsWith({ DATABASE_URL: 'mysql://root:hunter2@db/shop', METRICS_TOKEN: 'short' });
    expect(message).toContain('DATABASE_URL must be a postgres:// URL');
    expect(message).toContain('METRICS_TOKEN must be at least 16 characters');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('short"');
  });

  it('sends e-mail over SMTP only when SMTP_URL is an smtp(s) URL, naming a bad one without printing it', () => {
    expect(configFrom({}).notifications).toMatchObject({
      smtpUrl: undefined,
      maxAttempts: 6,
      retryBaseSeconds: 60,
      deliver: true,
    });
    expect(
      configFrom({
        SMTP_URL: 'smtps://shop:mail-secret@smtp.example.in:465',
        MAIL_FROM: 'Bazaar <orders@shop.example.in>',
        PUBLIC_ORIGIN: 'https://shop.example.in/',
        NOTIFICATION_MAX_ATTEMPTS: '3',
        NOTIFICATION_DELIVERY: '0',
      }).notifications,
    ).toMatchObject({
      smtpUrl: 'smtps://shop:mail-secret@smtp.example.in:465',
      mailFrom: 'Bazaar <orders@shop.example.in>',
      shopUrl: 'https://shop.example.in',
      maxAttempts: 3,
      deliver: false,
    });
    const message = problemsWith({ SMTP_URL: 'http://shop:mail-secret@smtp.example.in' });
    expect(message).toContain('SMTP_URL must be an smtp:// or smtps:// URL');
    expect(message).not.toContain('mail-secret');
  });

  it('stops loadConfig (and so start-up) on a bad value', () => {
    expect(() => configFrom({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => configFrom({ PAYMENT_ATTEMPT_SECONDS: '0' })).toThrow(
      'PAYMENT_ATTEMPT_SECONDS must be a number above 0',
    );
  });

  it('stores media in an S3-compatible bucket only when the bucket and both keys are given', () => {
    expect(configFrom({}).s3).toBeUndefined();
    expect(
      configFrom({
        S3_BUCKET: 'bazaar-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
      }).s3,
    ).toEqual({
      bucket: 'bazaar-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      // A self-hosted endpoint addresses buckets by path unless told otherwise.
      forcePathStyle: true,
    });
    expect(
      configFrom({
        S3_BUCKET: 'shop',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
        S3_REGION: 'ap-south-1',
      }).s3,
    ).toMatchObject({ endpoint: undefined, region: 'ap-south-1', forcePathStyle: false });
    const message = problemsWith({ S3_ENDPOINT: 'minio:9000', S3_SECRET_ACCESS_KEY: 'hunter2' });
    expect(message).toContain('S3_ENDPOINT must be an http(s):// URL');
    expect(problemsWith({ S3_BUCKET: 'Bad_Bucket' })).toContain('S3_BUCKET must be a bucket name');
    const incomplete = problemsWith({ S3_BUCKET: 'shop', S3_SECRET_ACCESS_KEY: 'hunter2' });
    expect(incomplete).toContain('S3_ACCESS_KEY_ID must be set when any S3_* setting is');
    expect(incomplete).not.toContain('hunter2');
  });
});
