// Digit grouping for messages, without ICU (toLocaleString's first call loads its data).

/** 1234567 -> "1,234,567". */
export function group(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
