// The 'Drug:' dropdown of the price charts (the Charts view and the Game Statistics modal).
import type { Drug } from '@drugwars/engine';

export function DrugSelect({ drugs, value, onChange }: { drugs: readonly Drug[]; value: string; onChange: (drugId: string) => void }) {
  return (
    <label>
      Drug:{' '}
      <select aria-label="Drug" value={value} onChange={(e) => onChange(e.target.value)}>
        {drugs.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
    </label>
  );
}
