// Values SPEC.md leaves to us ("not shown") that are the game's own. The operator's contact id and donation
// address come from the server's configuration (ABOUT_CONTACT, ABOUT_DONATION_ADDRESS, in the version call), so a
// page never shows a placeholder: an unset one is not shown at all.
export const ORIGINAL_AUTHOR = 'John E. Dell';
export const ORIGINAL_AUTHOR_SITE = 'https://en.wikipedia.org/wiki/Drug_Wars_(video_game)';
export const ORIGINAL_AUTHOR_TIP = 'the original author\u2019s tip jar on his site';
export const GAME_TITLE = 'DRUG WARS';
