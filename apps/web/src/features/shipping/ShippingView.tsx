// Shipping is not available yet (SPEC.md section 2): the banner and an inert form.
import { useEffect, useState } from 'react';
import type { ShippingCompany } from '@drugwars/engine';
import { api } from '../../api/client';
import { ViewHeader } from '../../components/ViewHeader';
import { drugName } from '../../lib/catalogue';
import { formatMoney } from '../../lib/format';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';

export default function ShippingView() {
  const gs = useGameStore((s) => s.gameState);
  const catalogue = useCatalogue();
  const [companies, setCompanies] = useState<ShippingCompany[]>([]);
  useEffect(() => {
    api
      .shippingCompanies()
      .then((r) => setCompanies(r.companies))
      .catch((err) => console.warn('shipping companies failed', err)); // only logged
  }, []);
  if (!gs) return null;
  const owned = Object.entries(gs.player.inventory).filter(([, e]) => e.quantity > 0);
  return (
    <section className="view shipping-view">
      <ViewHeader title="Shipping" />
      <p className="banner" role="note">
        FEATURE NOT YET IMPLEMENTED, Shipping functionality coming soon
      </p>
      <form className="shipping-form" aria-disabled="true" onSubmit={(e) => e.preventDefault()}>
        <fieldset disabled>
          <label>
            Drug
            <select className="input">
              <option value="">Select a drug</option>
              {owned.map(([id, e]) => (
                <option key={id} value={id}>
                  {drugName(catalogue, id, gs)} ({e.quantity})
                </option>
              ))}
            </select>
          </label>
          <label>
            Quantity
            <input className="input" type="number" min={1} defaultValue={1} />
          </label>
          <label>
            Destination
            <select className="input">
              <option value="">Select a destination</option>
              {catalogue.locations
                .filter((l) => l.id !== gs.location)
                .map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
            </select>
          </label>
          <label>
            Company
            <select className="input">
              <option value="">Select a company</option>
              {companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}: {formatMoney(c.pricePerUnit)}/unit, {Math.round(c.successRate * 100)}% success
                </option>
              ))}
            </select>
          </label>
          <p>Total cost: {formatMoney(0)}</p>
          <button type="submit" className="btn">
            Ship
          </button>
        </fieldset>
      </form>
    </section>
  );
}
