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

/** The cheapest fare out of `here`: what the player needs in cash to leave at all. */
export function cheapestFare(locations: readonly Pick<Location, 'id' | 'flightPrice'>[], here: string): number {
  const fares = locations.filter((l) => l.id !== here).map((l) => l.flightPrice);
  return fares.length === 0 ? 0 : Math.min(...fares);
}

/** What a player short of every fare can still do, in the order to try them: only what is open to them now. */
export function strandedOptions(player: Pick<Player, 'usedSpace' | 'bank' | 'debt'>): string {
  const open = [
    ...(player.usedSpace > 0 ? ['sell drugs'] : []),
    ...(player.bank > 0 ? ['withdraw from the bank'] : []),
    ...(player.debt <= 0 ? ['borrow'] : []),
  ];
  return open.length === 0 ? 'You can still Stay Here.' : `You can still ${open.join(', ')}, or Stay Here.`;
}

/**
 * Where a player whose cash is below every fare is told why no city can be picked, and what is still open to them
 * (shown above the cities of TRAVEL TO... and Fly to...).
 */
export function StrandedNote({ player, fare }: { player: Pick<Player, 'cash' | 'usedSpace' | 'bank' | 'debt'>; fare: number }) {
  if (player.cash >= fare) return null;
  return (
    <p className="warning-text stranded-note" role="status">
      You need {formatMoney(fare)} for the cheapest fare. {strandedOptions(player)}
    </p>
  );
}

/** A buy's warning when it would leave less cash than the cheapest fare out (shown in the trade dialog). */
export function strandingWarning(cashLeft: number, fare: number): string | null {
  if (cashLeft >= fare) return null;
  return `That leaves you ${formatMoney(Math.max(0, cashLeft))}, less than the cheapest fare out (${formatMoney(fare)}): you would have to sell before you can fly.`;
}
