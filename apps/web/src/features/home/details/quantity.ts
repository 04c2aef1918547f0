/** Spec §4: quantity runs from 1 up to the stock; asking for more shows 'Out of stock'. */
export function nextQuantity(
  current: number,
  delta: 1 | -1,
  stock: number,
): { quantity: number; overStock: boolean } {
  const wanted = current + delta;
  if (wanted < 1) return { quantity: 1, overStock: false };
  if (wanted > stock) return { quantity: current, overStock: true };
  return { quantity: wanted, overStock: false };
}
