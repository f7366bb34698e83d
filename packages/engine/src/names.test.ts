import { describe, expect, it } from 'vitest';
import {
  NAME_CHARACTERS_MESSAGE,
  NAME_EMPTY_MESSAGE,
  NAME_EMPTY_RULE_MESSAGE,
  NAME_JERK_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  checkNameRules,
  fnv1a32,
  generatedName,
  isReservedName,
  validatePlayerName,
} from './names';

const messageOf = (name: string) => {
  const result = validatePlayerName(name);
  return result.ok ? null : result.message;
};

describe('validatePlayerName', () => {
  it('uses the exact texts of SPEC.md section 5', () => {
    expect(NAME_EMPTY_MESSAGE).toBe('Please enter a player name');
    expect(NAME_EMPTY_RULE_MESSAGE).toBe('Name cannot be empty');
    expect(NAME_TOO_LONG_MESSAGE).toBe('Name too long (max 16 characters)');
    expect(NAME_CHARACTERS_MESSAGE).toBe('Use only letters, numbers, and hyphens');
    expect(NAME_JERK_MESSAGE).toBe("INVALID PLAYER NAME DUDE! DON'T BE A JERK!");
  });

  it('accepts ordinary names and returns them trimmed', () => {
    expect(validatePlayerName('Tony-Montana')).toEqual({ ok: true, name: 'Tony-Montana' });
    expect(validatePlayerName('x1')).toEqual({ ok: true, name: 'x1' });
    expect(validatePlayerName('  Scarface ')).toEqual({ ok: true, name: 'Scarface' });
    expect(validatePlayerName('A')).toEqual({ ok: true, name: 'A' });
    expect(validatePlayerName('Grapes-of-Wrath')).toEqual({ ok: true, name: 'Grapes-of-Wrath' });
    expect(validatePlayerName('Torpedo-Joe')).toEqual({ ok: true, name: 'Torpedo-Joe' });
    expect(validatePlayerName('Separate')).toEqual({ ok: true, name: 'Separate' });
    expect(validatePlayerName('Badminton')).toEqual({ ok: true, name: 'Badminton' });
    expect(validatePlayerName('The-Therapist')).toEqual({ ok: true, name: 'The-Therapist' });
  });

  it('rule 1: empty or whitespace-only', () => {
    expect(messageOf('')).toBe(NAME_EMPTY_MESSAGE);
    expect(messageOf('   \t ')).toBe(NAME_EMPTY_MESSAGE);
  });

  it('rule 2: at most 16 characters', () => {
    expect(messageOf('a'.repeat(16))).toBeNull();
    expect(messageOf('a'.repeat(17))).toBe(NAME_TOO_LONG_MESSAGE);
    // Length is checked before characters: a long name full of spaces is "too long", not "bad characters".
    expect(messageOf('a b c d e f g h i j')).toBe(NAME_TOO_LONG_MESSAGE);
  });

  it('rule 3: only letters, digits and hyphens', () => {
    for (const bad of ['Tony Montana', 'tony_m', 'tony.m', 'tóny', 'x!', 'a@b', 'a$b']) {
      expect(messageOf(bad)).toBe(NAME_CHARACTERS_MESSAGE);
    }
  });

  it('rule 4: links', () => {
    expect(messageOf('http-me')).toBe(NAME_JERK_MESSAGE);
    expect(messageOf('myHTTPSsite')).toBe(NAME_JERK_MESSAGE);
    expect(messageOf('wwwdealer')).toBe(NAME_JERK_MESSAGE);
    expect(messageOf('ww-wdealer')).toBe(NAME_JERK_MESSAGE);
  });

  it('rule 5: domain endings', () => {
    for (const bad of ['dealerscom', 'mysite-org', 'darknet', 'cocaine-io', 'ACME-CO', 'school-edu', 'ourGov']) {
      expect(messageOf(bad)).toBe(NAME_JERK_MESSAGE);
    }
    expect(messageOf('comedian')).toBeNull();
  });

  it('rule 6: link shorteners', () => {
    expect(messageOf('bitlyXYZ')).toBe(NAME_JERK_MESSAGE);
    expect(messageOf('my-tinyurl-x')).toBe(NAME_JERK_MESSAGE);
    expect(messageOf('shortlink1')).toBe(NAME_JERK_MESSAGE);
    expect(messageOf('bit-ly-thing')).toBe(NAME_JERK_MESSAGE);
  });

  it('rule 7: banned words, plain and disguised', () => {
    const banned = [
      'admin',
      'ADMIN',
      'TheAdmin',
      '4dm1n', // look-alikes
      'nimda', // reversed
      'ad-min', // hyphen-split
      'n1md4', // reversed look-alikes
      'nim-da',
      'moderator',
      'M0d3r4t0r',
      'rotaredom',
      'mod', // short tokens only as whole names or parts
      'the-mod',
      'r4pe',
      'big-rapist',
      'tsipar',
      'ra-pe',
      'f4gg0t',
      'pedo-bear',
      'badminton-admin',
    ];
    for (const name of banned) expect(messageOf(name), name).toBe(NAME_JERK_MESSAGE);
  });

  it('checks the rules in order', () => {
    // Too long wins over banned words; bad characters win over links.
    expect(messageOf('admin'.repeat(4))).toBe(NAME_TOO_LONG_MESSAGE);
    expect(messageOf('www.admin')).toBe(NAME_CHARACTERS_MESSAGE);
  });
});

describe('generatedName', () => {
  it("is 'loser-' plus 6 lowercase hex characters", () => {
    expect(generatedName('1700000000000Mozilla/5.0')).toMatch(/^loser-[0-9a-f]{6}$/);
  });

  it('is stable for one input and differs between inputs', () => {
    expect(generatedName('abc')).toBe(generatedName('abc'));
    expect(generatedName('abc')).not.toBe(generatedName('abd'));
  });

  it('uses FNV-1a (known test vectors)', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    expect(generatedName('foobar')).toBe('loser-bf9cf9');
  });

  it('rehashes a name whose hex spells a banned word in look-alikes, and keeps the format', () => {
    // These inputs' first hashes gave 'loser-9706af', 'loser-fa9917' and 'loser-8709af', which validation refuses.
    for (const input of ['t86732', 't91310', 't103088']) {
      const name = generatedName(input);
      expect(name, input).toMatch(/^loser-[0-9a-f]{6}$/);
      expect(checkNameRules(name), input).toEqual({ ok: true, name });
      expect(generatedName(input)).toBe(name);
    }
    expect(generatedName('t86732')).not.toBe('loser-9706af');
  });

  it('always produces a name that passes the name rules (typing one is refused as reserved: see below)', () => {
    for (let i = 0; i < 2000; i++) {
      const name = generatedName(`t${i}`);
      expect(checkNameRules(name), name).toEqual({ ok: true, name });
    }
  });
});

describe('reserved names', () => {
  it('refuses names that pass for the generated form, the fallback or an empty cell, as a jerk name', () => {
    for (const name of ['-', '---', 'Anonymous', 'anonymous', 'ANONY-MOUS', 'loser-000000', 'LOSER-BF9CF9', ' loser-abcdef ']) {
      expect(isReservedName(name), name).toBe(true);
      expect(messageOf(name), name).toBe(NAME_JERK_MESSAGE);
    }
  });

  it('leaves names that only look alike', () => {
    for (const name of ['loser', 'loser-1', 'loser-abcdefg', 'loser-zzzzzz', 'Anon', 'Anonymous2', 'x-']) {
      expect(isReservedName(name), name).toBe(false);
      expect(validatePlayerName(name), name).toEqual({ ok: true, name });
    }
  });

  it('generated names are still made, although a player cannot type them', () => {
    const name = generatedName('foobar');
    expect(checkNameRules(name)).toEqual({ ok: true, name });
    expect(validatePlayerName(name).ok).toBe(false);
  });
});
