import { useGameStore } from '../../store/gameStore';

export function GameHeader({ onSettings }: { onSettings: () => void }) {
  const name = useGameStore((s) => s.gameState?.player.name ?? '');
  const openInventory = () => {
    const s = useGameStore.getState();
    s.setNavMode('inventory');
    s.setInventoryTab('equipment');
    s.setView('player_inventory');
  };
  return (
    <header className="game-header">
      {/* the page's one h1: the terminal-style brand on wide screens, read (not shown) on phones */}
      <h1 className="game-brand">DRUG WARS</h1>
      <button type="button" className="player-name" onClick={openInventory} aria-label={`${name}: open inventory`}>
        {name}
      </button>
      <button type="button" className="settings-gear" onClick={onSettings} aria-label="Settings">
        ⚙
      </button>
    </header>
  );
}
