import { beforeEach, describe, expect, it } from 'vitest';
import { event, makeState } from '../test/fixtures';
import { sortEventsByPriority, splitParagraphs, takeFirstGroup } from './eventQueue';
import { useGameStore } from './gameStore';
import { ACKNOWLEDGE_TEXTS } from '../constants';

beforeEach(() => {
  useGameStore.getState().resetGame();
});

describe('event priority', () => {
  it('orders combat/loan_shark, promotion, finds, losses, prices, rumors, information', () => {
    const sorted = sortEventsByPriority([
      event('information'),
      event('rumor'),
      event('price_change'),
      event('lost_item'),
      event('received_item'),
      event('rank_promotion'),
      event('loan_shark'),
    ]).map((e) => e.category);
    expect(sorted).toEqual([
      'loan_shark',
      'rank_promotion',
      'received_item',
      'lost_item',
      'price_change',
      'rumor',
      'information',
    ]);
  });

  it('groups every event of the first category and keeps arrival order inside it', () => {
    const next = takeFirstGroup([event('rumor', 'r1'), event('price_change', 'p1'), event('price_change', 'p2')]);
    expect(next?.category).toBe('price_change');
    expect(next?.group.map((e) => e.message)).toEqual(['p1', 'p2']);
    expect(next?.rest.map((e) => e.message)).toEqual(['r1']);
  });

  it('splits messages on blank lines', () => {
    expect(splitParagraphs('one\n\ntwo\n  \nthree')).toEqual(['one', 'two', 'three']);
  });
});

describe('processPendingEvents', () => {
  it('turns pending events into one modal per category, in priority order, with an acknowledge text', () => {
    const s = useGameStore.getState();
    s.setGameState(makeState());
    s.queueEvents([event('rumor', 'r'), event('price_change', 'p1'), event('price_change', 'p2'), event('received_item', 'f')]);
    s.processPendingEvents();
    const modals = useGameStore.getState().modals;
    expect(modals.map((m) => (m.kind === 'event' ? [m.category, m.events.length] : m.kind))).toEqual([
      ['received_item', 1],
      ['price_change', 2],
      ['rumor', 1],
    ]);
    for (const m of modals) if (m.kind === 'event') expect(ACKNOWLEDGE_TEXTS).toContain(m.ackText);
    expect(useGameStore.getState().pendingEvents).toEqual([]);
  });

  it('waits while an encounter is on', () => {
    const s = useGameStore.getState();
    s.setGameState(makeState({ encounter: {} as never }));
    s.queueEvents([event('rumor')]);
    s.processPendingEvents();
    expect(useGameStore.getState().modals).toEqual([]);
    expect(useGameStore.getState().pendingEvents).toHaveLength(1);
  });

  it('shows a promotion as the RANK PROMOTION modal and the intro before anything else', () => {
    const s = useGameStore.getState();
    s.setGameState(makeState());
    s.queueEvents([
      event('rumor'),
      {
        ...event('rank_promotion'),
        promotionData: {
          newRank: { name: 'Dealer', level: 2, inventoryName: 'Backpack', inventorySize: 150, maxDays: 40 },
          nextRank: { cashRequirement: 50000 },
        },
      },
      event('game_intro'),
    ]);
    s.processPendingEvents();
    expect(useGameStore.getState().modals.map((m) => m.kind)).toEqual(['intro', 'promotion', 'event']);
  });
});

describe('message log', () => {
  it('keeps only the last 50 messages, stamped with the day', () => {
    const s = useGameStore.getState();
    s.setGameState(makeState());
    for (let i = 0; i < 60; i++) s.addMessage(`m${i}`);
    const messages = useGameStore.getState().messages;
    expect(messages).toHaveLength(50);
    expect(messages[0]?.text).toBe('m10');
    expect(messages[49]?.text).toBe('m59');
    expect(messages[0]?.day).toBe(2);
  });
});

describe('settings', () => {
  it('accepts only slow, normal, fast or instant as combat speed', () => {
    const s = useGameStore.getState();
    s.setCombatSpeed('fast');
    expect(useGameStore.getState().settings.combatSpeed).toBe('fast');
    s.setCombatSpeed('ludicrous');
    expect(useGameStore.getState().settings.combatSpeed).toBe('fast');
    expect(localStorage.getItem('drugwars.combatSpeed')).toBe('fast');
  });
});
