import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { GAME_TITLE } from '../config';
import { COPY_CONFIRMATION_MS, FIELD_SHAKE_MS, MOBILE_MAX_WIDTH_PX } from '../constants';

function computeMobile(): boolean {
  if (typeof window === 'undefined') return false;
  const touch = 'ontouchstart' in window || (navigator.maxTouchPoints ?? 0) > 0;
  return touch || window.innerWidth <= MOBILE_MAX_WIDTH_PX;
}

/** Mobile = width up to 768 px or touch support (SPEC.md section 9). */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(computeMobile);
  useEffect(() => {
    const onResize = () => setMobile(computeMobile());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mobile;
}

/** A boolean that is true for 500 ms after trigger() (the field / modal shake). */
export function useShake(ms: number = FIELD_SHAKE_MS): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const trigger = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), ms);
  }, [ms]);
  return [on, trigger];
}

/** Copies text; `copied` is true for 2 s after a success. Clipboard failures are only logged. */
export function useCopy(): [boolean, (text: string) => void] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const copy = useCallback((text: string) => {
    const done = () => {
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    };
    try {
      navigator.clipboard.writeText(text).then(done, (err) => console.warn('clipboard failed', err));
    } catch (err) {
      console.warn('clipboard failed', err);
    }
  }, []);
  return [copied, copy];
}

/** The page's title while this is mounted, '{what} - DRUG WARS' ('DRUG WARS' alone for null): it follows the game. */
export function useDocumentTitle(what: string | null): void {
  useEffect(() => {
    document.title = what ? `${what} - ${GAME_TITLE}` : GAME_TITLE;
  }, [what]);
}

/**
 * Puts the focus on a new screen's heading when it appears (an encounter, a loan-shark visit, a result, Game
 * Over), so a screen reader starts reading there. `key` names the screen: a new key is a new screen.
 */
export function useFocusOnShow<T extends HTMLElement>(key: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || key === null || key === undefined || key === false) return;
    if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
    el.focus();
  }, [key]);
  return ref;
}
