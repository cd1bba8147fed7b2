import type { FastifyInstance } from 'fastify';
import { formatLongDay } from '#shared/london-time';
import { excelExportBody, exportFilename } from '#shared/schemas/excel-export';
import type { AppContext } from '#server/context';
import { notFound } from '#server/http/errors';
import { parse } from '#server/http/parse';
import { todaysSelections } from './selections';
import { exportWorkbook } from './workbook';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** POST /api/admin/excel-export {multipliers: {main, av8}}: today's selections as an .xlsx (docs/decisions/0009). */
export function excelExportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin/excel-export', { config: { access: 'admin' } }, async (request, reply) => {
    const { multipliers } = parse(excelExportBody, request.body);
    const { day, raceCount, selections } = await todaysSelections(ctx);
    if (raceCount === 0)
      throw notFound(`No race cards for today (${formatLongDay(day)}) to export. Upload today's cards first.`);
    const bytes = await exportWorkbook(selections, multipliers);
    const filename = exportFilename(day);
    return reply
      .header('Content-Type', XLSX)
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store')
      .send(bytes);
  });
}
