// Rank promotions: at a day's end, net worth (cash + bank - debt) reaching a higher rank's cashRequirement
// promotes the player (straight to the highest rank reached). Ranks never go down; maxDays never shrinks.
import { RANKS, rankByLevel } from './catalogue';
import { netWorth } from './state';
import type { GameEvent, Player, Rank } from './types';

const MOTIVATION: readonly string[] = [
  'Keep hustling. The streets are watching.',
  "Don't let it go to your head. Somebody always wants your spot.",
  'Mama would be proud. Probably.',
  'Bigger bag, bigger problems. Stay sharp.',
  'The cops know your name now. Act accordingly.',
];

/** The highest rank the net worth qualifies for, if above the current one. */
export function promotionFor(p: Player): Rank | null {
  const worth = netWorth(p);
  let best: Rank | null = null;
  for (const rank of RANKS) if (rank.level > p.rank.level && worth >= rank.cashRequirement) best = rank;
  return best;
}

/** Promotes a player object the caller owns (mutates it) and returns the event to show, or null. */
export function promote(p: Player): GameEvent | null {
  const rank = promotionFor(p);
  if (!rank) return null;
  p.rank = { name: rank.name, level: rank.level, inventoryName: rank.inventoryName };
  p.coatSpace = Math.max(p.coatSpace, rank.capacity);
  p.maxDays = Math.max(p.maxDays, rank.maxDays);
  const next = rankByLevel(rank.level + 1);
  const line = MOTIVATION[(rank.level - 2 + MOTIVATION.length) % MOTIVATION.length]!;
  return {
    message:
      `RANK PROMOTION! You are now a ${rank.name}!\n\n` +
      `Your new ${rank.inventoryName} holds ${rank.capacity} units, and you have ${p.maxDays} days to make your fortune.\n\n` +
      line,
    type: 'success',
    category: 'rank_promotion',
    soundEffect: 'superb',
    promotionData: {
      newRank: { name: rank.name, level: rank.level, inventoryName: rank.inventoryName, inventorySize: rank.capacity, maxDays: p.maxDays },
      nextRank: next ? { cashRequirement: next.cashRequirement } : null,
    },
  };
}
