import type { PublishedLeg } from '#shared/schemas/tips';
import { DataTable, type Column } from '#web/components/ui/data-table';

const COLUMNS: Array<Column<PublishedLeg>> = [
  { header: 'Multiple', cell: (leg) => `${leg.multipleNo}: ${leg.label}` },
  { header: 'Leg', cell: (leg) => leg.legNo, align: 'right' },
  { header: 'Selection', cell: (leg) => leg.horse, rowHeader: true },
  {
    header: 'Race',
    cell: (leg) => (leg.proofed ? `${leg.raceTime} ${leg.course}` : 'Not on today’s cards: not proofed'),
    cellClassName: (leg) => (leg.proofed ? '' : 'font-semibold text-red-800'),
  },
  { header: 'Price', cell: (leg) => leg.price ?? '–', align: 'right' },
];

/**
 * The multiples' legs as just published: the race each was found in on the day's cards and the
 * price it is settled at, or that it is not proofed (the analyst confirmed it without a match).
 */
export function PublishedLegs({ legs }: { legs: readonly PublishedLeg[] }) {
  if (legs.length === 0) return null;
  return (
    <DataTable
      caption="Multiples as published: each leg on the day’s cards"
      columns={COLUMNS}
      rows={legs}
      rowKey={(leg) => `${leg.multipleNo}-${leg.legNo}`}
      className="min-w-[36rem]"
      testId="published-legs"
    />
  );
}
