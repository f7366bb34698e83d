import { useCallback, useEffect, useRef, useState } from 'react';
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
