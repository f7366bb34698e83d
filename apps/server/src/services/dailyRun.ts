// The Daily Run (DESIGN.md section 8): every UTC day has one seed, the same for every daily game of that day,
// derived from the date and a server secret, so nobody can compute it and rehearse the day as a manual seed. The
// seed stays secret while its day lasts; once the day is over the board shows it.
//
// The secret is DAILY_SECRET from the environment when set (production: one value for every server of the
// deployment, kept out of database backups); otherwise one is generated once and stored in the database's
// settings, so every process and every restart agrees on the day's seed.
import { createHmac, randomBytes } from 'node:crypto';
import { formatSeed, randomSeed } from '@drugwars/engine';
import type { Storage } from '../storage/port';

/** The settings key of the generated secret. */
export const DAILY_SECRET_SETTING = 'daily_secret';
/** A shorter DAILY_SECRET could be guessed; the server refuses to start with one. */
export const MIN_DAILY_SECRET_LENGTH = 16;

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' of an instant, in UTC. */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The instant a 'YYYY-MM-DD' UTC day starts, or null for text that is not a real date (2026-02-30). */
export function utcDayStart(date: string): Date | null {
  const m = DATE_PATTERN.exec(date);
  if (!m) return null;
  const start = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return utcDate(start) === date ? start : null;
}

/** The day's 16-digit seed: HMAC-SHA256 of the date under the secret, read as a number (randomSeed's mapping). */
export function dailySeed(secret: string, date: string): string {
  return randomSeed(createHmac('sha256', secret).update(`drugwars-daily-run:${date}`).digest());
}

/** Why a DAILY_SECRET value can't be used, or null when it can. */
export function dailySecretProblem(secret: string): string | null {
  return secret.length < MIN_DAILY_SECRET_LENGTH ? `DAILY_SECRET must be at least ${MIN_DAILY_SECRET_LENGTH} characters long.` : null;
}

export interface DailyRunOptions {
  storage: Storage;
  now: () => Date;
  /** DAILY_SECRET; undefined = the generated one stored in the database. */
  secret?: string;
}

export class DailyRun {
  private readonly storage: Storage;
  private readonly now: () => Date;
  private secret: Promise<string> | null;

  constructor(options: DailyRunOptions) {
    this.storage = options.storage;
    this.now = options.now;
    if (options.secret !== undefined) {
      const problem = dailySecretProblem(options.secret);
      if (problem) throw new Error(problem);
    }
    this.secret = options.secret === undefined ? null : Promise.resolve(options.secret);
  }

  /** Today's date in UTC: the Daily Run a new daily game plays. */
  today(): string {
    return utcDate(this.now());
  }

  /** Whether a day is over (its board closed, its seed and replays open to everybody). */
  isOver(date: string): boolean {
    const start = utcDayStart(date);
    return start !== null && start.getTime() + DAY_MS <= this.now().getTime();
  }

  /** Whether a day has begun (a board of a later day can't exist yet). */
  hasBegun(date: string): boolean {
    const start = utcDayStart(date);
    return start !== null && start.getTime() <= this.now().getTime();
  }

  /** The secret seed of a day's Daily Run. */
  async seedFor(date: string): Promise<string> {
    return dailySeed(await this.secretKey(), date);
  }

  /** The day's seed as a player types it ('1234-5678-9012-3456'), only once the day is over; null until then. */
  async publicSeed(date: string): Promise<string | null> {
    return this.isOver(date) ? formatSeed(await this.seedFor(date)) : null;
  }

  private secretKey(): Promise<string> {
    if (!this.secret) {
      const stored = this.storage.settings.getOrCreate(DAILY_SECRET_SETTING, randomBytes(32).toString('hex'));
      // A failed read (database down) is retried next time instead of being remembered.
      stored.catch(() => {
        this.secret = null;
      });
      this.secret = stored;
    }
    return this.secret;
  }
}
