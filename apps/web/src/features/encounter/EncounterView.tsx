// The encounter screen of SPEC.md section 2: fights (police, gang, loan-shark goons) with the battlefield,
// combat log and action buttons, loan-shark visits, and the result overlays. The game screen mounts it while
// `gameState.encounter` is set or `encounterOverlay` is showing. All sequencing lives in combatController.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FISTS, formatMoney, type TargetType } from '@drugwars/engine';
import { useFocusOnShow } from '../../components/hooks';
import { hotkeyProps, useHotkeys } from '../../components/useHotkeys';
import { PROCESSING_SAFETY_RESET_MS } from '../../constants';
import { prefersReducedMotion } from '../../lib/motion';
import { useGameStore } from '../../store/gameStore';
import { CombatLog } from './CombatLog';
import { createCombatController, type CombatController } from './combatController';
import {
  attackTargetId,
  effectiveSelection,
  encounterIntro,
  encounterTitle,
  livingEnemies,
  selectTarget,
  weaponInHand,
} from './combatRules';
import { useCombatUi } from './combatUiStore';
import { EnemyCard } from './EnemyCard';
import { FloatingTexts } from './FloatingTexts';
import { LoanSharkVisitPanel } from './LoanSharkVisitPanel';
import { PlayerCard } from './PlayerCard';
import { ResultOverlay } from './ResultOverlay';
import './encounter.css';

let sharedController: CombatController | null = null;
function defaultController(): CombatController {
  sharedController ??= createCombatController();
  return sharedController;
}

export interface EncounterViewProps {
  /** Tests inject a controller with fake calls; the app uses the shared one. */
  controller?: CombatController;
}

export function EncounterView({ controller: injected }: EncounterViewProps = {}) {
  const controller = injected ?? defaultController();
  const navigate = useNavigate();
  const gameState = useGameStore((s) => s.gameState);
  const overlay = useGameStore((s) => s.encounterOverlay);
  const ui = useCombatUi();
  const [closing, setClosing] = useState(false);
  const viewRef = useRef<HTMLDivElement>(null);
  // ATTACK's key runs the same handler as the button (set below once the targets are known)
  const onAttackRef = useRef<() => void>(() => undefined);

  const encounter = ui.snapshot ?? gameState?.encounter ?? null;
  const player = gameState?.player ?? null;
  const isVisit = encounter?.type === 'loanSharkVisit';
  const isPlayerTurn = encounter?.turnOrder === 'player';
  const weapon = useMemo(() => (player ? weaponInHand(player) : null), [player]);
  const targetType: TargetType = weapon?.targetType ?? 'single_target';
  const encounterKey = encounter ? `${encounter.type}:${encounter.enemies.map((e) => e.id).join(',')}` : '';
  // a new encounter (or visit) is a new screen: its heading takes the focus
  const headingRef = useFocusOnShow<HTMLHeadingElement>(overlay ? null : encounterKey || null);

  // a fresh view starts clean: nothing left over from an encounter abandoned earlier (quit, new game)
  useEffect(() => {
    if (!useGameStore.getState().encounterOverlay && !controller.isEnemyTurnRunning()) {
      useCombatUi.setState({ processing: false, defeated: false, stalled: false, snapshot: null, selected: [], floats: [], flashing: [], shaking: false });
    }
  }, [controller]);

  // the automatic weapon choice, once per encounter, on the player's turn (when the server allows equip)
  const weaponPickedFor = useRef('');
  useEffect(() => {
    if (!encounterKey || encounterKey.startsWith('loanSharkVisit') || weaponPickedFor.current === encounterKey) return;
    if (!isPlayerTurn || ui.processing || overlay) return;
    weaponPickedFor.current = encounterKey;
    void controller.ensureBestWeapon().then((asked) => {
      // not allowed yet (an older state on the enemy's turn): ask again when the turn comes round
      if (!asked && weaponPickedFor.current === encounterKey) weaponPickedFor.current = '';
    });
  }, [controller, encounterKey, isPlayerTurn, ui.processing, overlay]);

  // an encounter that starts (or resumes) on the enemy's turn
  useEffect(() => {
    if (!encounter || isVisit || overlay || ui.snapshot || ui.defeated) return;
    if (encounter.turnOrder === 'enemy' && !ui.processing && !ui.stalled && !controller.isEnemyTurnRunning()) {
      void controller.runEnemyTurn();
    }
  }, [controller, encounter, isVisit, overlay, ui.snapshot, ui.defeated, ui.processing, ui.stalled]);

  // the processing flag must not stay stuck on the player's turn
  useEffect(() => {
    if (!ui.processing) return;
    const timer = setTimeout(() => controller.safetyReset(), PROCESSING_SAFETY_RESET_MS);
    return () => clearTimeout(timer);
  }, [controller, ui.processing, encounter?.turnOrder]);

  // Keys of the fight (A, R, B, U) and of its result (C); a loan-shark visit binds its own in its panel. Bound
  // before the early return below so the hooks run in the same order on every render.
  const fight = encounter && player && !isVisit ? encounter : null;
  const keysLive = fight !== null && isPlayerTurn && !ui.processing && !ui.defeated && !overlay;
  const continueResult = () => {
    setClosing(true);
    void controller.closeOverlay().finally(() => setClosing(false));
  };
  useHotkeys(
    {
      attack: keysLive && (() => onAttackRef.current()),
      run: keysLive && fight.canEscape && (() => void controller.escape()),
      bribe: keysLive && fight.canBribe && player !== null && player.cash >= fight.bribeCost && (() => void controller.bribe()),
      surrender: keysLive && fight.canSurrender && (() => void controller.surrender()),
      continue: overlay && overlay.kind !== 'dead' && !closing ? continueResult : null,
    },
    viewRef,
  );

  // the result of the fight (VICTORY!, ...): Continue closes it, Game Over leaves for the game-over page
  const resultOverlay = overlay && (
    <ResultOverlay
      overlay={overlay}
      busy={closing}
      onContinue={continueResult}
      onGameOver={() => {
        controller.acknowledgeDeath();
        navigate('/gameover');
      }}
    />
  );

  if (!encounter || !player) {
    return overlay ? (
      <div className="encounter-view" ref={viewRef}>
        {resultOverlay}
      </div>
    ) : null;
  }

  const selection = effectiveSelection({ targetType, selected: ui.selected, enemies: encounter.enemies });
  const canAct = isPlayerTurn && !ui.processing && !ui.defeated && !overlay;
  const bribeAffordable = player.cash >= encounter.bribeCost;

  const onSelect = (enemyId: string) => {
    const next = selectTarget({
      targetType,
      selected: selection,
      clickedId: enemyId,
      enemies: encounter.enemies,
      isPlayerTurn: canAct,
    });
    useCombatUi.setState({ selected: next });
  };

  const onAttack = () => {
    const target = attackTargetId({ targetType, selected: selection, enemies: encounter.enemies });
    if (target !== null) void controller.attack(target);
  };
  onAttackRef.current = onAttack;

  const playerFloats = ui.floats.filter((f) => f.target === 'player');
  const centerFloats = ui.floats.filter((f) => f.target === 'center');

  return (
    <div className={`encounter-view${ui.shaking && !prefersReducedMotion() ? ' screen-shake' : ''}`} data-testid="encounter-view" ref={viewRef}>
      <h2 className="encounter-title" ref={headingRef}>
        {encounterTitle(encounter)}
      </h2>
      {isVisit ? (
        <LoanSharkVisitPanel
          encounter={encounter}
          processing={ui.processing}
          onPay={() => void controller.pay()}
          onSkip={() => void controller.skip()}
        />
      ) : (
        <>
          <p className="encounter-intro">{encounterIntro(encounter)}</p>
          <div className="turn-bar">
            <span className={`turn-indicator ${isPlayerTurn ? 'turn-player' : 'turn-enemy'}`}>
              {isPlayerTurn ? 'YOUR TURN' : 'ENEMY TURN'}
            </span>
            {ui.stalled && !isPlayerTurn && (
              <button type="button" className="btn btn-small" onClick={() => void controller.runEnemyTurn()}>
                Retry
              </button>
            )}
            <span className="round-counter">Round {encounter.round}</span>
          </div>
          <div className="battlefield">
            <div className="enemy-row">
              {encounter.enemies.map((enemy) => (
                <EnemyCard
                  key={enemy.id}
                  enemy={enemy}
                  selected={selection.includes(enemy.id)}
                  targetable={canAct && livingEnemies([enemy]).length === 1}
                  flashing={ui.flashing.includes(enemy.id)}
                  floats={ui.floats.filter((f) => f.target === enemy.id)}
                  onSelect={onSelect}
                />
              ))}
            </div>
            <FloatingTexts floats={centerFloats} />
            <PlayerCard
              name={player.name}
              health={player.health}
              weaponName={weapon?.name ?? FISTS.name}
              flashing={ui.flashing.includes('player')}
              floats={playerFloats}
            />
          </div>
          <CombatLog lines={encounter.combatLog} />
          <div className="combat-buttons">
            <button type="button" className="btn btn-attack" disabled={!canAct} {...hotkeyProps('attack')} onClick={onAttack}>
              ATTACK
            </button>
            {encounter.canEscape && (
              <button type="button" className="btn" disabled={!canAct} {...hotkeyProps('run')} onClick={() => void controller.escape()}>
                RUN
              </button>
            )}
            {encounter.canBribe && (
              <button
                type="button"
                className="btn"
                disabled={!canAct || !bribeAffordable}
                {...hotkeyProps('bribe')}
                onClick={() => void controller.bribe()}
              >
                BRIBE ({formatMoney(encounter.bribeCost)})
              </button>
            )}
            <button
              type="button"
              className="btn btn-secondary"
              disabled={!canAct || !encounter.canSurrender}
              {...hotkeyProps('surrender')}
              onClick={() => void controller.surrender()}
            >
              SURRENDER
            </button>
          </div>
        </>
      )}
      {resultOverlay}
    </div>
  );
}

export default EncounterView;
