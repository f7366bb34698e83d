import { MAX_HEALTH } from '@drugwars/engine';
import type { FloatingText } from './combatUiStore';
import { FloatingTexts } from './FloatingTexts';

export interface PlayerCardProps {
  name: string;
  health: number;
  weaponName: string;
  flashing: boolean;
  floats: FloatingText[];
}

export function PlayerCard({ name, health, weaponName, flashing, floats }: PlayerCardProps) {
  const shown = Math.max(0, health);
  return (
    <div className={`player-card${flashing ? ' hit-flash' : ''}`} data-testid="player-card">
      <div className="combatant-name">{name}</div>
      <div className="combatant-health">
        <div className="health-bar player-health-bar">
          <div className="health-bar-fill" style={{ width: `${(shown / MAX_HEALTH) * 100}%` }} />
          <span className="health-bar-text">
            <span className="sr-only">health </span>
            {shown}/{MAX_HEALTH}
          </span>
        </div>
      </div>
      <div className="combatant-weapon">Weapon: {weaponName}</div>
      <FloatingTexts floats={floats} />
    </div>
  );
}
