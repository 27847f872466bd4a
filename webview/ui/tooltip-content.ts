// What a tooltip shows (plain data, no DOM: the text builders in views/ are tested in Node).

export interface TooltipContent {
  title: string;
  subtitle?: string;
  rows: readonly (readonly [string, string])[];
  hint?: string;
}
