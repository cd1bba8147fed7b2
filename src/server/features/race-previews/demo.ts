import type { AppContext } from '#server/context';
import { demoRaceDay } from '../race-cards/demo';
import { uploadMasterPdf } from './master-pdf';
import { splitMasterPdf } from './split-master-pdf';
import { makePdf } from './samples/preview-pdf';

/**
 * Today's race previews for the demo: a master PDF with one page per race of the demo race cards
 * (the same sample day as race-cards/demo.ts), uploaded and split by the admin's own two steps.
 * The first race is marked as the feature race.
 */
export async function seedDemoRacePreviews(ctx: AppContext) {
  const races = demoRaceDay(0);
  const pages = [
    ['VBG Race Previews', 'Selection notes for the day', 'Going reports at 07:30 and 11:00'],
    ...races.map((race, i) => {
      const top = [...race.horses].sort((a, b) => b.vbRating - a.vbRating);
      return [
        `${race.time} ${race.course}`,
        ...(i === 0 ? ['FEATURE RACE'] : []),
        `${race.title}, ${race.distance}`,
        `${top[0].name} heads the VB ratings on ${top[0].vbRating}.`,
        `${top[1].name} is the one to beat for the places.`,
      ];
    }),
  ];
  await uploadMasterPdf(ctx, { data: Buffer.from(await makePdf(pages)), originalName: 'demo-previews.pdf' });
  await splitMasterPdf(ctx);
}
