// The list of every keyboard shortcut ('?' in a game), printed from the one table the keys are dispatched from
// (SHORTCUTS of useHotkeys), so the list cannot drift from what the keys do.
import { Modal, ModalButton } from './Modal';
import { Table, type Column } from './Table';
import { SHORTCUTS, shortcutKeysText, type ShortcutGroup, type ShortcutId } from './useHotkeys';

const IDS = Object.keys(SHORTCUTS) as ShortcutId[];

/** The groups in the order of the table, each with its shortcuts. */
export function shortcutGroups(): { group: ShortcutGroup; ids: ShortcutId[] }[] {
  const groups: { group: ShortcutGroup; ids: ShortcutId[] }[] = [];
  for (const id of IDS) {
    const group = SHORTCUTS[id].group;
    const entry = groups.find((g) => g.group === group) ?? groups[groups.push({ group, ids: [] }) - 1]!;
    entry.ids.push(id);
  }
  return groups;
}

const COLUMNS: Column<ShortcutId>[] = [
  { header: 'Keys', cell: (id) => <kbd>{shortcutKeysText(id)}</kbd>, className: 'shortcut-keys' },
  { header: 'Does', cell: (id) => SHORTCUTS[id].description },
];

export function ShortcutsModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard Shortcuts" onDismiss={onClose} className="shortcuts-modal">
      <p className="muted">Keys never fire while you type in a field.</p>
      {shortcutGroups().map(({ group, ids }) => (
        <section key={group} className="shortcut-group" aria-label={group}>
          <h3>{group}</h3>
          <Table columns={COLUMNS} rows={ids} rowKey={(id) => id} className="data-table" />
        </section>
      ))}
      <ModalButton label="Close" onClick={onClose} />
    </Modal>
  );
}
