// What a destination risks, shown where the player decides to travel (the TRAVEL TO... view and the Fly To grid):
// the city's danger as 5 stars and the odds of a police or gang encounter there tonight with what the player
// carries now. The odds are the engine's (encounterChance of the city's danger and the player's heat); the
// client only shows them. Destination is the one way a city is shown in both: its name (airport symbol where it
// has one), how the trip is made with its fare ('by air $250' / 'by road $100', the engine's travelMode, the
// same words as the log's 'You traveled to X by road for $100.'), its danger and tonight's risk.
import { encounterChance, heatOf, travelMode, type Location, type Player } from '@drugwars/engine';
import { formatMoney } from '../lib/format';

/** Filled stars for a danger level (0 to 5). */
function dangerFilled(level: number): number {
  return Math.max(0, Math.min(5, Math.round(level)));
}

export function dangerStars(level: number): string {
  const filled = dangerFilled(level);
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
}

/** Tonight's odds of a fight in a city of this danger for this player, in whole percent. */
export function riskPercent(dangerLevel: number, player: Pick<Player, 'usedSpace' | 'coatSpace'>): number {
  return Math.round(encounterChance(dangerLevel, heatOf(player)) * 100);
}

/** 'low' under 10%, 'high' from 30%: how loud the odds are drawn. */
function riskClass(percent: number): string {
  return percent >= 30 ? 'risk-high' : percent >= 10 ? 'risk-mid' : 'risk-low';
}

export function TravelRisk({ dangerLevel, player }: { dangerLevel: number; player: Pick<Player, 'usedSpace' | 'coatSpace'> }) {
  const percent = riskPercent(dangerLevel, player);
  return (
    <>
      <span className="loc-danger" role="img" aria-label={`Danger: ${dangerFilled(dangerLevel)} of 5`}>
        Danger: {dangerStars(dangerLevel)}
      </span>
      <span className={`loc-risk ${riskClass(percent)}`}>Risk tonight: {percent}%</span>
    </>
  );
}

/** The player's heat in a line: why the odds are what they are. */
export function HeatNote({ player }: { player: Pick<Player, 'usedSpace' | 'coatSpace'> }) {
  const heat = heatOf(player);
  return (
    <p className={`heat-note ${heat >= 50 ? 'danger-text' : heat > 0 ? 'warning-text' : ''}`}>
      Heat: {heat}%{' '}
      {heat === 0 ? '(your pockets are clean)' : `(your load of ${player.usedSpace} units draws the cops and the gangs)`}
    </p>
  );
}

/** 'by air $250' or 'by road $100': how a trip to the city is made and what it costs. */
export function travelFareText(location: Pick<Location, 'hasAirport' | 'flightPrice'>): string {
  return `by ${travelMode(location)} ${formatMoney(location.flightPrice)}`;
}

/** The inside of a destination button (TRAVEL TO... and the Fly To grid). */
export function Destination({ location, player }: { location: Location; player: Pick<Player, 'usedSpace' | 'coatSpace'> }) {
  return (
    <>
      <span className="loc-name">
        {location.name}{' '}
        {location.hasAirport && (
          <span role="img" aria-label="airport">
            ✈
          </span>
        )}
      </span>
      <span className="loc-price">{travelFareText(location)}</span>
      <TravelRisk dangerLevel={location.dangerLevel} player={player} />
    </>
  );
}
