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
      <span className="game-brand">DRUG WARS</span>
      <button type="button" className="player-name" onClick={openInventory} aria-label={`${name}: open inventory`}>
        {name}
      </button>
      <button type="button" className="settings-gear" onClick={onSettings} aria-label="Settings">
        ⚙
      </button>
    </header>
  );
}
