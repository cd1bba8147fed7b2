/** The value score legend (colours are the page's: strong green … red). */
export type ValueScore = 1 | 2 | 3 | 4 | 5;

export const VALUE_LEGEND: ReadonlyArray<{ score: ValueScore; label: string; colour: string }> = [
  { score: 5, label: 'Strong Value', colour: 'strong green' },
  { score: 4, label: 'Good Value', colour: 'light green' },
  { score: 3, label: 'Neutral/Good', colour: 'yellow' },
  { score: 2, label: 'Neutral/Poor', colour: 'light yellow' },
  { score: 1, label: 'Poor Value', colour: 'red' },
];

export function valueLabel(score: ValueScore): string {
  return VALUE_LEGEND.find((l) => l.score === score)!.label;
}
