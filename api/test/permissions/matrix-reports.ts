// The matrix rows of the monitoring report and of the ESAP workbook written back: whoever may read
// the plan, or the company's dashboard.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { attachmentsFolder } from './documents';
import type { MatrixRow } from './matrix-types';
import type { RequestContext } from './requests';

/**
 * The plan the call names made one imported from a small workbook (once): so an allowed caller gets
 * the workbook, and a refusal can only come from the rules.
 */
async function withSourceWorkbook({ app, ids }: RequestContext): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('ESAP').addRow(['No.', 'Action', 'Responsibility']);
  const storageKey = `${randomUUID()}.xlsx`;
  const { rows } = await app.db.query(
    `INSERT INTO esap_workbooks (action_plan_id, storage_key, file_name, revision, sheet_name,
       header_rows, columns, item_rows, section_rows, last_row)
     VALUES ($1, $2, 'ESAP.xlsx', 0, 'ESAP', '{1}', $3::jsonb, '[]', '[]', 1)
     ON CONFLICT (action_plan_id) DO NOTHING RETURNING action_plan_id`,
    [
      ids.actionPlanId,
      storageKey,
      JSON.stringify(
        ['esapItemNumber', 'recommendation', 'responsibility'].map((field, index) => ({
          column: String.fromCharCode(65 + index),
          index,
          header: field,
          field,
          combined: false,
        })),
      ),
    ],
  );
  if (rows.length === 0) return;
  const folder = attachmentsFolder(app.config.dataDir);
  await mkdir(folder, { recursive: true });
  await writeFile(`${folder}/${storageKey}`, Buffer.from(await workbook.xlsx.writeBuffer()));
}

const EVERYONE_OWN = {
  client: [200, 200, 200, 200],
  auditor: [200, 200, 200, 200],
  targetCompany: [200, 200, 200, 200],
} as const;

const EVERYONE_FOREIGN = {
  client: [404, 404, 404, 404],
  auditor: [404, 404, 404, 404],
  targetCompany: [404, 404, 404, 404],
} as const;

export const REPORT_ROWS: readonly MatrixRow[] = [
  {
    route: 'GET /action-plan/{id}/report',
    write: false,
    file: true,
    own: EVERYONE_OWN,
    foreign: EVERYONE_FOREIGN,
    mixed: ['actionPlanId'],
    request: ({ ids }) => ({
      method: 'GET',
      url: `/action-plan/${ids.actionPlanId}/report`,
      query: { targetCompanyId: ids.targetCompanyId, format: 'xlsx' },
    }),
  },
  {
    route: 'GET /action-plan/{id}/esap-workbook',
    write: false,
    file: true,
    own: EVERYONE_OWN,
    foreign: EVERYONE_FOREIGN,
    mixed: ['actionPlanId'],
    request: async (ctx) => {
      await withSourceWorkbook(ctx);
      return {
        method: 'GET',
        url: `/action-plan/${ctx.ids.actionPlanId}/esap-workbook`,
        query: { targetCompanyId: ctx.ids.targetCompanyId },
      };
    },
  },
  {
    route: 'GET /target-company/{id}/report',
    write: false,
    file: true,
    own: EVERYONE_OWN,
    foreign: EVERYONE_FOREIGN,
    request: ({ ids }) => ({
      method: 'GET',
      url: `/target-company/${ids.targetCompanyId}/report`,
      query: { format: 'pdf' },
    }),
  },
];
