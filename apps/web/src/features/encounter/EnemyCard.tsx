import { useState } from 'react';
import type { ClientEnemy } from '@drugwars/engine';
import { enemyInitials, healthBarWidthPx } from './combatRules';
import type { FloatingText } from './combatUiStore';
import { FloatingTexts } from './FloatingTexts';

export interface EnemyCardProps {
  enemy: ClientEnemy;
  selected: boolean;
  /** Clickable: alive and the player's turn. */
  targetable: boolean;
  flashing: boolean;
  floats: FloatingText[];
  onSelect: (enemyId: string) => void;
}

export function EnemyCard({ enemy, selected, targetable, flashing, floats, onSelect }: EnemyCardProps) {
  const [spriteFailed, setSpriteFailed] = useState(false);
  const alive = enemy.isAlive && enemy.health > 0;
  const barWidth = healthBarWidthPx(enemy.maxHealth);
  const fill = enemy.maxHealth > 0 ? Math.max(0, Math.min(1, enemy.health / enemy.maxHealth)) : 0;
  const classes = ['enemy-card'];
  if (!alive) classes.push('defeated');
  if (selected) classes.push('selected');
  if (targetable) classes.push('targetable');
  if (flashing) classes.push('hit-flash');
  return (
    <button
      type="button"
      className={classes.join(' ')}
      data-testid={`enemy-${enemy.id}`}
      aria-pressed={selected}
      disabled={!targetable}
      onClick={() => onSelect(enemy.id)}
    >
      <div className="enemy-name">{enemy.name}</div>
      <div className="enemy-sprite">
        {spriteFailed ? (
          <span className="enemy-initials" aria-hidden="true">
            {enemyInitials(enemy.name)}
          </span>
        ) : (
          // the card's name is said once, from its text: the picture adds nothing for a screen reader
          <img
            src={`/sprites/enemies/${enemy.sprite}.png`}
            alt=""
            width={64}
            height={64}
            onError={() => setSpriteFailed(true)}
          />
        )}
      </div>
      {alive ? (
        <div className="health-bar" style={{ width: `${barWidth}px` }} data-testid="enemy-health-bar">
          <div className="health-bar-fill" style={{ width: `${fill * 100}%` }} />
          <span className="health-bar-text">
            <span className="sr-only">health </span>
            {enemy.health}/{enemy.maxHealth}
          </span>
        </div>
      ) : (
        <div className="enemy-defeated">DEFEATED</div>
      )}
      <FloatingTexts floats={floats} />
    </button>
  );
}
