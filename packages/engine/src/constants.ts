// SPEC.md section 9 and DESIGN.md "Our reading": the numbers every other part of the game relies on.
export const STARTING_CASH = 2000; // $1,000 own plus the $1,000 borrowed
export const STARTING_DEBT = 1000;
export const LOAN_DUE_DAYS = 7;
export const DEFAULT_MAX_DAYS = 30;
export const MAX_HEALTH = 100;
export const BANK_INTEREST_RATE = 0.05; // per day
export const DEFAULT_SHARK_INTEREST_RATE = 0.1; // per day, when a shark names none
export const MAX_NAME_LENGTH = 16;
export const MAX_SEED_LENGTH = 19;
export const SEED_DIGITS = 16;
export const MULTI_TARGET_LIMIT = 3;
export const GENERATED_NAME_PREFIX = 'loser-';
