// MESSAGES: collapsible, collapsed by default, '> ' lines typed by kind, earlier days styled old, auto-scroll,
// collapses on the store's minimize signal. The store keeps only the last 50. G L opens it (or closes it) and puts
// the focus in the list, so a screen-reader user can review what the game said.
import { useEffect, useId, useRef, useState } from 'react';
import { hotkeyProps, useHotkeys } from '../../components/useHotkeys';
import { useGameStore } from '../../store/gameStore';

export function MessageLog() {
  const messages = useGameStore((s) => s.messages);
  const day = useGameStore((s) => s.gameState?.day ?? 0);
  const minimize = useGameStore((s) => s.minimizeLogSignal);
  const [open, setOpen] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const panelId = useId();

  useEffect(() => {
    setOpen(false);
  }, [minimize]);

  // opened by key: the focus goes into the list once it shows
  const focusList = useRef(false);
  useEffect(() => {
    if (open && focusList.current) listRef.current?.focus();
    focusList.current = false;
  }, [open]);
  useHotkeys({
    messages: () => {
      focusList.current = !open;
      setOpen(!open);
    },
  });

  useEffect(() => {
    const el = listRef.current;
    if (el && open) el.scrollTop = el.scrollHeight;
  }, [messages, open]);

  return (
    <section className={`message-log ${open ? 'open' : 'collapsed'}`}>
      <button
        type="button"
        className="message-log-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        {...hotkeyProps('messages')}
        onClick={() => setOpen((o) => !o)}
      >
        <span>MESSAGES</span>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        {!open && messages.length > 0 && (
          <span className="message-latest">&gt; {messages[messages.length - 1]?.text}</span>
        )}
      </button>
      {/* not a live region: the game's announcer (components/Announcer) says each line once as it is added */}
      <ol id={panelId} ref={listRef} className="message-list" hidden={!open} tabIndex={-1} aria-label="Messages">
        {messages.map((m) => (
          <li key={m.id} className={`message message-${m.type} ${m.day < day ? 'message-old' : ''}`}>
            {'> '}
            {m.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
