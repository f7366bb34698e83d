// Number formatting shared by the web app and server messages (SPEC.md section 9: money with thousands
// separators; the compact form uses k above 1,000 and m above 1,000,000). Hand-rolled rather than
// toLocaleString so the output is the same in every browser locale and in Node.

/** '1234567' -> '1,234,567'; non-integers are rounded to the nearest whole number (money is whole dollars). */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const rounded = Math.round(n);
  const sign = rounded < 0 ? '-' : '';
  const digits = String(Math.abs(rounded));
  // Below 1e21 String() writes plain digits, grouped here by slices (a regular expression per call cost several
  // times as much: the engine formats money in every fight's and loan-shark visit's messages); above, its exponent
  // form goes through the expression, as before.
  return sign + (Math.abs(rounded) < 1e21 ? groupThousands(digits) : digits.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
}

/** '1234567' -> '1,234,567' for a string of decimal digits. */
function groupThousands(digits: string): string {
  const n = digits.length;
  let head = n % 3;
  if (head === 0) head = 3;
  let out = digits.slice(0, head);
  for (let i = head; i < n; i += 3) out += ',' + digits.slice(i, i + 3);
  return out;
}

/** '$1,234,567'; negative amounts as '-$1,234'. */
export function formatMoney(n: number): string {
  const text = formatNumber(n);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/**
 * Short form for tight spaces: '999', '1,000', '1.5k', '2.5m'. "Above" is literal (strictly greater), so
 * 1,000 stays '1,000' and 1,000,000 is '1,000k'. One decimal, truncated toward zero rather than rounded, so a
 * figure is never overstated (1,999 is '1.9k', not '2k') and never jumps a unit ('999.9k', never '1000.0k');
 * a trailing '.0' is dropped ('2k').
 */
export function formatCompact(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const whole = Math.round(n);
  const abs = Math.abs(whole);
  const sign = whole < 0 ? '-' : '';
  if (abs > 1_000_000) return sign + oneDecimal(abs, 1_000_000) + 'm';
  if (abs > 1_000) return sign + oneDecimal(abs, 1_000) + 'k';
  return formatNumber(whole);
}

function oneDecimal(abs: number, unit: number): string {
  // Integer arithmetic: tenths of a unit, truncated.
  const tenths = Math.floor((abs * 10) / unit);
  const intPart = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return formatNumber(intPart) + (decimal === 0 ? '' : `.${decimal}`);
}
