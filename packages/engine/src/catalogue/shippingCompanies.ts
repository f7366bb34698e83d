import type { ShippingCompany } from '../types';

// Shipments travel for `days` days and then reach the destination's stash with probability successRate.
export const SHIPPING_COMPANIES: readonly ShippingCompany[] = [
  { id: 'grandmas_parcels', name: "Grandma's Parcels", pricePerUnit: 5, successRate: 0.6, days: 3 },
  { id: 'fast_eddie', name: 'Fast Eddie Express', pricePerUnit: 15, successRate: 0.8, days: 2 },
  { id: 'diplomatic_pouch', name: 'Diplomatic Pouch', pricePerUnit: 40, successRate: 0.97, days: 1 },
];
