// The banned-word list behind SPEC.md section 5, rule 7 (slurs, sexual-violence terms and staff
// impersonation). Every entry is lowercase letters only: names.ts lowercases the candidate, strips hyphens,
// reverses it and swaps look-alike characters before matching, so variants need no entries of their own.
//
// Two tiers keep false positives down:
// - BANNED_SUBSTRINGS are distinctive enough to reject a name that merely contains them ("xXadminXx").
// - BANNED_TOKENS are short words that hide inside innocent ones (grape, torpedo, separate reversed), so they
//   only reject the whole name or a whole hyphen-separated part of it.

/** Rejected wherever they appear in the (normalised) name. */
export const BANNED_SUBSTRINGS: readonly string[] = [
  // staff impersonation
  'admin',
  'moderator',
  'gamemaster',
  'sysop',
  // racial and ethnic slurs
  'nigger',
  'nigga',
  'niggah',
  'negroid',
  'kyke',
  'wetback',
  'beaner',
  'chinaman',
  'gook',
  'raghead',
  'towelhead',
  'sandnigger',
  'porchmonkey',
  'junglebunny',
  'spearchucker',
  'golliwog',
  'darkie',
  'pickaninny',
  'zipperhead',
  'gypsyscum',
  // homophobic and transphobic slurs
  'faggot',
  'fagot',
  'faggit',
  'tranny',
  'shemale',
  // ableist slurs
  'retard',
  'spastic',
  // sexual violence and abuse of children
  'rapist',
  'molest',
  'pedophile',
  'paedophile',
  'pedophilia',
  'childporn',
  'kiddieporn',
  'lolicon',
  'incest',
  'bestiality',
  'necrophil',
  // hate groups and their slogans
  'hitler',
  'heilhitler',
  'siegheil',
  'kukluxklan',
  'whitepower',
  'whitepride',
  'gasthejews',
  'killalljews',
];

/** Rejected only as the whole name or a whole hyphen-separated part (they hide inside innocent words). */
export const BANNED_TOKENS: readonly string[] = [
  'mod',
  'staff',
  'nig',
  'kike',
  'spic',
  'chink',
  'coon',
  'jap',
  'paki',
  'wop',
  'fag',
  'fags',
  'homo',
  'rape',
  'raped',
  'raping',
  'dyke',
  'rapes',
  'pedo',
  'paedo',
  'nazi',
  'kkk',
];

/**
 * Innocent words that contain a banned substring. They are blanked out before substring matching, so
 * "badminton" is fine while "badminton-admin" is still caught by its second part.
 */
export const INNOCENT_WORDS: readonly string[] = [
  'badminton',
  'therapist',
  'gobbledygook',
  'retardant',
  'snigger',
  'niggard',
];
