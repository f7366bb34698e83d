// Every timing, priority and limit of SPEC.md sections 4 and 9 that the client uses, with its unit in the name.
// Rules themselves (prices, capacities, maximums) come from the server and @drugwars/engine, never from here.
import type { EventCategory } from '@drugwars/engine';

// ---- transitions (SPEC.md section 4: Travel / Stay here) ----
export const TRAVEL_TRANSITION_MS = 1050;
export const SLEEP_TRANSITION_MS = 800;
export const TRAVEL_TRANSITION_TEXT = 'Traveling...';
export const SLEEP_TRANSITION_TEXT = 'Sleeping...';
export const DEFAULT_TRANSITION_TEXT = 'Next Day...';
/**
 * Travel speed (a setting, beside combat speed): NORMAL keeps SPEC.md's 1050/800 ms, FAST shortens both, SKIP
 * waits for nothing (the transition shows only while the server answers). Reduced motion plays NORMAL as FAST.
 */
export type TravelSpeed = 'normal' | 'fast' | 'skip';
export const TRAVEL_SPEEDS: readonly TravelSpeed[] = ['normal', 'fast', 'skip'];
export const DEFAULT_TRAVEL_SPEED: TravelSpeed = 'normal';
export const TRANSITION_MS: Record<TravelSpeed, { travel: number; sleep: number }> = {
  normal: { travel: TRAVEL_TRANSITION_MS, sleep: SLEEP_TRANSITION_MS },
  fast: { travel: 250, sleep: 200 },
  skip: { travel: 0, sleep: 0 },
};
/** New game: pending events (the game_intro modal) are processed this long after the state arrives. */
export const NEW_GAME_EVENTS_DELAY_MS = 500;

// ---- event modal priority (lower first; SPEC.md section 4) ----
export const EVENT_PRIORITY: Record<EventCategory, number> = {
  game_intro: -1, // shown before everything else: it opens a new game
  combat: 0,
  loan_shark: 0,
  rank_promotion: 1,
  received_item: 3,
  lost_item: 4,
  price_change: 5,
  rumor: 6,
  information: 7,
};
/** Priority for a category the client does not know (shown last). */
export const UNKNOWN_EVENT_PRIORITY = 99;
export const ACKNOWLEDGE_TEXTS = ['Got it', 'Whatever', 'Sweet', 'Word'] as const;

// ---- money animation (SPEC.md sections 4 and 9) ----
export const CASH_COUNT_ANIMATION_MS = 500;
export const CASH_CHANGE_INDICATOR_MS = 1500;
export const CASH_CHANGE_CLASS_MS = 600;
/** Change above this fraction of the previous cash shows a triple indicator. */
export const CASH_CHANGE_TRIPLE_FRACTION = 0.5;
/** Change above this fraction (up to the triple one) shows a double indicator. */
export const CASH_CHANGE_DOUBLE_FRACTION = 0.2;

// ---- market trend arrows (SPEC.md section 9) ----
/** Price change (fraction of the previous price) from which two arrows show. */
export const PRICE_ARROWS_TWO_FRACTION = 0.2;
/** Price change from which three arrows show. */
export const PRICE_ARROWS_THREE_FRACTION = 0.5;
/** Price change from which the strongest styling class applies. */
export const PRICE_CLASS_EXTREME_FRACTION = 1;

// ---- health colour bands (SPEC.md section 9) ----
export const HEALTH_CRITICAL_MAX = 10; // at most
export const HEALTH_DANGER_BELOW = 50;
export const HEALTH_WARNING_BELOW = 75;

// ---- combat (SPEC.md section 9; used by the encounter view) ----
export type CombatSpeed = 'slow' | 'normal' | 'fast' | 'instant';
export const COMBAT_SPEEDS: readonly CombatSpeed[] = ['slow', 'normal', 'fast', 'instant'];
export const COMBAT_DELAY_MS: Record<CombatSpeed, number> = { slow: 1500, normal: 900, fast: 500, instant: 0 };
export const DEFAULT_COMBAT_SPEED: CombatSpeed = 'normal';
export const DEATH_OVERLAY_DELAY_MS = 1500; // 0 on instant
export const VICTORY_OVERLAY_DELAY_MS = 500;
export const ESCAPE_OVERLAY_DELAY_MS = 1000;
export const SURRENDER_OVERLAY_DELAY_MS = 500;
export const BRIBE_OVERLAY_DELAY_MS = 500;
export const DAMAGE_NUMBER_LIFETIME_MS = 1500;
export const HIT_FLASH_MS = 300;
export const SCREEN_SHAKE_MS = 300;
export const PROCESSING_SAFETY_RESET_MS = 5000;
export const ENEMY_HEALTH_BAR_MIN_PX = 60;
export const ENEMY_HEALTH_BAR_MAX_PX = 150;
export const SCREEN_SHAKE_WEAPONS = ['rocket_launcher', 'grenade', 'area_disruptor'] as const;

// ---- connection (SPEC.md sections 4, 7, 9) ----
export const RECONNECT_ATTEMPTS = 3;
export const RECONNECT_INTERVAL_MS = 1000;
export const RESUME_ATTEMPTS = 3;
export const RESUME_RETRY_INTERVAL_MS = 1000;
export const HEALTH_RETRY_DELAY_MS = 2000;
/**
 * A move whose request got no answer (connection dropped, a proxy's 502/503/504) is sent again this many times,
 * this long apart, with the same Idempotency-Key: if the first one did arrive, the server answers its reply and
 * applies nothing twice.
 */
export const ACTION_RETRIES = 2;
export const ACTION_RETRY_DELAY_MS = 400;
/** The title's health check, repeated this often while the device is offline (and at once when it is back). */
export const OFFLINE_RETRY_INTERVAL_MS = 5000;
export const SERVER_DOWN_ADVISED_WAIT_MINUTES = 5;
/** After 'Failed to connect to server. Please try again.' on the game screen, back to the title after this. */
export const CONNECTION_FAILED_RETURN_MS = 3000;
export const SESSION_EXPIRY_DAYS = 7;

// ---- UI (SPEC.md section 9) ----
export const MOBILE_MAX_WIDTH_PX = 768;
export const COPY_CONFIRMATION_MS = 2000;
export const FIELD_SHAKE_MS = 500;
export const SPINNER_INTERVAL_MS = 200;
export const SPINNER_FRAMES = ['|', '/', '-', '\\'] as const;
export const MESSAGE_LOG_LIMIT = 50;
export const KEYPAD_MAX_DIGITS = 9;
/** The status bar's label for the player's carrying space when the state names none. */
export const DEFAULT_INVENTORY_NAME = 'Inventory';

// ---- charts (SPEC.md section 9) ----
export const CHART_MAX_X_TICKS = 10;
export const CHART_Y_DIVISIONS = 5;
export const GAME_CHART_COLOURS = 8;
export const STATS_CHART_COLOURS = 12;

// ---- sound (SPEC.md section 9) ----
export const DEFAULT_SOUND_VOLUME = 0.7;
export const MUSIC_VOLUME_FACTOR = 0.5;

// ---- version (SPEC.md sections 2 and 9) ----
/** A version text matching this shows the test-version warning on the title screen. */
export const TEST_VERSION_PATTERN = /STAGE|STAGING|DEV|TEST/i;
export const VERSION_PREFIX = '2.2.0';
