// The environment the server process reads (README "Configuration"), parsed in one place.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config';
import { DEFAULT_RATE_LIMITS } from '../src/routes/rateLimits';
import { DEFAULT_ACTION_CAPS } from '../src/services/actionCaps';

describe('readConfig', () => {
  it('defaults: local address, port 3000, SQLite, today’s limits, 90 days of tracking, no metrics', () => {
    const config = readConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('sqlite:./data/drugwars.db');
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS).toEqual({
      newGame: { max: 30, timeWindowMs: 60_000 },
      submit: { max: 20, timeWindowMs: 60_000 },
      replay: { max: 60, timeWindowMs: 60_000 },
      tracking: { max: 300, timeWindowMs: 60_000 },
    });
    expect(config.actionCaps).toEqual(DEFAULT_ACTION_CAPS);
    expect(config.trackingRetentionDays).toBe(90);
    expect(config.metricsToken).toBeUndefined();
    expect(config.dailySecret).toBeUndefined();
    expect(config.workers).toBe(1);
    expect(config.trustProxy).toBe(false);
    expect(config.about).toEqual({});
  });

  it('reads the About values, leaving out the unset and the blank ones', () => {
    expect(readConfig({ ABOUT_CONTACT: ' @dealer ', ABOUT_DONATION_ADDRESS: 'bc1qxyz' }).about).toEqual({ contact: '@dealer', donationAddress: 'bc1qxyz' });
    expect(readConfig({ ABOUT_CONTACT: '   ' }).about).toEqual({});
  });

  it('reads every operator setting', () => {
    const config = readConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      RATE_LIMIT_NEW_GAME_PER_MIN: '5',
      RATE_LIMIT_SUBMIT_PER_MIN: '6',
      RATE_LIMIT_TRACKING_PER_MIN: '7',
      RATE_LIMIT_REPLAY_PER_MIN: '8',
      DAILY_SECRET: ' a-daily-secret-long-enough ',
      MAX_ACTIONS_PER_DAY: '50',
      MAX_ACTIONS_PER_GAME: '900',
      TRACKING_RETENTION_DAYS: '30',
      METRICS_TOKEN: ' s3cret ',
      TRUST_PROXY: 'true',
      WORKERS: '2',
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(8080);
    expect(config.rateLimits.newGame.max).toBe(5);
    expect(config.rateLimits.submit.max).toBe(6);
    expect(config.rateLimits.tracking.max).toBe(7);
    expect(config.rateLimits.replay.max).toBe(8);
    expect(config.dailySecret).toBe('a-daily-secret-long-enough');
    expect(config.actionCaps).toEqual({ perDay: 50, perGame: 900 });
    expect(config.trackingRetentionDays).toBe(30);
    expect(config.metricsToken).toBe('s3cret');
    expect(config.trustProxy).toBe(true);
    expect(config.workers).toBe(2);
  });

  it('stops on a value that does not parse, naming the variable', () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['RATE_LIMIT_SUBMIT_PER_MIN', '2.5'],
      ['MAX_ACTIONS_PER_DAY', '0'],
      ['MAX_ACTIONS_PER_GAME', '-1'],
      ['TRACKING_RETENTION_DAYS', '1e3'],
      ['WORKERS', 'many'],
      ['DAILY_SECRET', 'too-short'],
    ] as const) {
      expect(() => readConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => readConfig({ [name]: value }), name).toThrow(name);
    }
  });
});
