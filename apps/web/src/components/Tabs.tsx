// The one tab bar: a tablist of buttons, the selected one marked (aria-selected and the 'active' class). The ARIA
// tabs pattern: only the selected tab is in the Tab order, and the arrow keys (Home, End) move to another tab and
// select it.
import type { KeyboardEvent } from 'react';

export interface Tab<Id extends string> {
  id: Id;
  label: string;
}

export interface TabsProps<Id extends string> {
  tabs: readonly Tab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The tablist's accessible name. */
  label?: string;
  /** Classes of the list and of each tab (the game's navigation modes have their own look). */
  className?: string;
  tabClassName?: string;
}

/** The tab an arrow key (Home, End) moves to from `index`, or null for any other key. */
export function tabAfterKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function Tabs<Id extends string>({ tabs, selected, onSelect, label, className = 'tabs', tabClassName = 'tab' }: TabsProps<Id>) {
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(e.key, index, tabs.length);
    if (next === null) return;
    e.preventDefault();
    onSelect(tabs[next]!.id);
    const buttons = e.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="tab"]');
    buttons?.[next]?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((t, i) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={selected === t.id}
          tabIndex={selected === t.id ? 0 : -1}
          className={selected === t.id ? `${tabClassName} active` : tabClassName}
          onClick={() => onSelect(t.id)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
