// The one tab bar: a tablist of buttons, the selected one marked (aria-selected and the 'active' class).
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

export function Tabs<Id extends string>({ tabs, selected, onSelect, label, className = 'tabs', tabClassName = 'tab' }: TabsProps<Id>) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={selected === t.id}
          className={selected === t.id ? `${tabClassName} active` : tabClassName}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
