// Values SPEC.md leaves to us ("not shown"): the about modal's addresses and the contact id. Kept in one place so
// the operator can change them without touching components.
export const CONTACT_ID = 'drugwars-dev';
export const DONATION_ADDRESS = 'bc1qdrugwarsfreegame0000000000000000000';
export const ORIGINAL_AUTHOR = 'John E. Dell';
export const ORIGINAL_AUTHOR_SITE = 'https://en.wikipedia.org/wiki/Drug_Wars_(video_game)';
export const ORIGINAL_AUTHOR_TIP = 'the original author\u2019s tip jar on his site';
export const GAME_TITLE = 'DRUG WARS';
