// The trade modal's client-side checks (SPEC.md section 5, "Trade modal"). The server decides; these only
// size the input and explain a refusal before a call is made. The buy maximum is the engine's own maxBuy.
import { maxBuy, maxShopBuy, type ClientGameState, type GameState, type ShopItemType } from '@drugwars/engine';

export type TradeMode = 'buy' | 'sell' | 'stash' | 'take';

export interface TradeContext {
  mode: TradeMode;
  drugName: string;
  price: number;
  cash: number;
  /** The most that may be traded: buyMaximum() for buy, the units held otherwise (carried or stashed here). */
  maximum: number;
}

/**
 * Buy maximum (least of affordable, free space and the market's stock), from the engine. maxBuy reads only the
 * market and the player, which the client view carries unchanged (it lacks only the seed and the PRNG state).
 */
export function buyMaximum(gs: ClientGameState, drugId: string): number {
  return maxBuy(gs as GameState, drugId);
}

/** Shop quantity maximum (least of affordable and, for ammo, the room under Max Carry), from the engine. */
export function shopMaximum(gs: ClientGameState, itemType: ShopItemType, itemId: string): number {
  return maxShopBuy(gs as GameState, itemType, itemId);
}

export function affordable(cash: number, price: number): number {
  if (price <= 0) return 0;
  return Math.max(0, Math.floor(cash / price));
}

/** Buy: least of affordable, free pocket space and market stock (buyMaximum). Sell, stash, take: the quantity held. */
export function tradeMaximum(ctx: TradeContext): number {
  return Math.max(0, ctx.maximum);
}

/** The error for a quantity, or null when it may be submitted. */
export function tradeError(ctx: TradeContext, quantity: number): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return 'Quantity must be at least 1';
  if (ctx.mode === 'buy' && quantity > affordable(ctx.cash, ctx.price)) return "You can't afford that much!";
  if (quantity <= tradeMaximum(ctx)) return null;
  switch (ctx.mode) {
    case 'buy':
      return "You can't get that much!";
    case 'sell':
      return `You don't have that much ${ctx.drugName}!`;
    case 'stash':
      return `You don't have that much ${ctx.drugName} to stash!`;
    case 'take':
      return `You don't have that much ${ctx.drugName} in your stash!`;
  }
}

/** Bank and loan amounts: digits only and positive (SPEC.md section 5). */
export function parseAmount(text: string): { ok: true; amount: number } | { ok: false; message: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) <= 0 || !Number.isSafeInteger(Number(t))) {
    return { ok: false, message: 'Amount must be positive' };
  }
  return { ok: true, amount: Number(t) };
}
