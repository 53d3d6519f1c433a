import { act, screen, waitFor, within } from '@testing-library/react';
import { switchLanguage } from '@verity/session';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { EsapImportResult } from '@verity/shared-api';
import {
  apiAudit,
  fails,
  ok,
  onApi,
  onTrailNames,
  renderScreen,
  type ApiRequest,
  enterText,
} from '@verity/shared-ui/src/testing';
import { ImportEsapPage } from './import-esap-page';
import { errorRowsCsv } from './error-rows-csv';

beforeEach(onTrailNames);
afterEach(() => jest.resetAllMocks());

const PATH = '/auditor/target-companies/c1/audits/au1/import-esap';
const ROUTE = '/auditor/target-companies/:targetCompanyId/audits/:auditId/import-esap';

const COLUMNS: EsapImportResult['columns'] = [
  { column: 'A', header: 'No.', field: 'esapItemNumber', detectedField: 'esapItemNumber' },
  { column: 'B', header: 'Action', field: 'recommendation', detectedField: 'recommendation' },
  {
    column: 'C',
    header: 'Environmental & Social Risks / Liabilities / Benefits',
    field: 'gapName',
    detectedField: 'gapName',
  },
  {
    column: 'D',
    header: 'Resources, Responsibility',
    field: 'responsibility',
    detectedField: 'responsibility',
  },
  {
    column: 'E',
    header: 'Implementation / Timetable',
    field: 'timetable',
    detectedField: 'timetable',
  },
  { column: 'F', header: 'Comments', field: 'comments', detectedField: 'comments' },
];

function answer(overrides: Partial<EsapImportResult> = {}): EsapImportResult {
  return {
    dryRun: true,
    actionPlanId: null,
    format: 'xlsx',
    headerRows: [3, 4],
    gaps: { items: 3, imported: 2, alreadyInPlan: 0, withErrors: 1, sections: 1 },
    warnings: [
      {
        row: 7,
        column: 'E',
        message:
          "Timetable 'Prior to first disbursement' is not a date: kept as written, due on the action plan's timeline.",
      },
    ],
    errors: [{ row: 8, column: 'D', itemNumber: '1.3', message: 'Responsibility is required' }],
    columns: COLUMNS,
    preview: [
      {
        row: 5,
        kind: 'section',
        title: 'PR1 Assessment and Management',
        cells: ['1', '', '', '', '', ''],
      },
      {
        row: 6,
        kind: 'item',
        cells: [
          '1.1',
          'Adopt an ESMS\nin line with PR1',
          'No ESMS',
          'HSE Manager',
          '31/12/2027',
          '',
        ],
      },
    ],
    rejectedRows: [
      { row: 8, cells: ['1.3', 'Install filters', 'Dust, "fine"', '', 'Q3 2027', ''] },
    ],
    ...overrides,
  };
}

let imports: jest.Mock<void, [ApiRequest]>;

function setUp(answers: Parameters<typeof onApi>[2]) {
  onApi('get', 'target-company/audit/:auditId', ({ params }) =>
    ok({ audit: apiAudit({ _id: params.auditId, id: params.auditId, auditForm: 'ap' }) }),
  );
  onApi('get', 'action-plan/:auditId/action-plans', ok({ actionPlans: [] }));
  imports = onApi('post', 'action-plan/import', answers);
  const user = userEvent.setup();
  const view = renderScreen(<ImportEsapPage />, { path: PATH, route: ROUTE });
  return { user, view };
}

const workbook = () =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], 'danube-esap.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function readWorkbook(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(await screen.findByLabelText('ESAP spreadsheet (.xlsx or .csv)'), workbook());
  await user.click(screen.getByRole('button', { name: 'Read file' }));
  await screen.findByRole('region', { name: 'Columns' });
}

const sent = (call: number) => imports.mock.calls[call]![0];
const formField = (body: unknown, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(String(body))?.[1];

describe('ImportEsapPage', () => {
  it('reads the file into its columns, each mapped from its header, and its first rows', async () => {
    const { user, view } = setUp(ok(answer()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import ESAP' })).toBeVisible();
    await readWorkbook(user);
    expect(sent(0).search).toEqual({ targetCompanyId: 'c1', auditId: 'au1', dryRun: 'true' });
    expect(String(sent(0).body)).toContain('filename="danube-esap.xlsx"');
    const columns = within(screen.getByRole('region', { name: 'Columns' }));
    expect(columns.getByLabelText('Column A (No.)')).toHaveDisplayValue('ESAP Item No.');
    expect(columns.getByLabelText('Column B (Action)')).toHaveDisplayValue(
      'Recommendation (Action)',
    );
    expect(
      columns.getByLabelText('Column C (Environmental & Social Risks / Liabilities / Benefits)'),
    ).toHaveDisplayValue('Gap name (E&S Risk)');
    expect(columns.getByLabelText('Column E (Implementation / Timetable)')).toHaveDisplayValue(
      'Timetable (due date)',
    );
    const preview = within(screen.getByRole('region', { name: 'First rows' }));
    const rows = preview.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('5SectionPR1 Assessment and Management');
    expect(within(rows[2]!).getByText(/Adopt an ESMS/)).toBeVisible();
    expect(await axe(view.container)).toHaveNoViolations();
  });

  it('names both columns mapped to one field and keeps the import until one is changed', async () => {
    const { user } = setUp(ok(answer()));
    await readWorkbook(user);
    await user.selectOptions(
      screen.getByLabelText('Column F (Comments)'),
      'Recommendation (Action)',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Columns B ('Action') and F ('Comments') are both mapped to Recommendation (Action); map one of them to another field or to 'Not imported'.",
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check (dry run)' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Column F (Comments)'), 'Not imported');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('asks for the plan’s heading, category and the values for every item before importing', async () => {
    const { user } = setUp(ok(answer()));
    await readWorkbook(user);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Action Plan Heading Required')).toBeVisible();
    expect(await screen.findByText('Please fix the errors below')).toBeVisible();
    expect(screen.getByText('Category Required')).toBeVisible();
    expect(
      screen.getByText(
        'ESG Aspect is needed for every item: map a column to it or choose one for all items.',
      ),
    ).toBeVisible();
    expect(imports).toHaveBeenCalledTimes(1);
  });

  it('dry-runs with the changed mapping, then imports and links to the new plan', async () => {
    const { user } = setUp([
      ok(answer()),
      ok(answer()),
      ok(answer({ dryRun: false, actionPlanId: 'p-new' }), 201),
    ]);
    await readWorkbook(user);
    await user.selectOptions(screen.getByLabelText('Column F (Comments)'), 'Not imported');
    await enterText(user, screen.getByLabelText(/^Heading/), 'Danube Steel ESAP');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'Environment');
    await enterText(user, screen.getByLabelText(/^Timeline/), '2028-12-31');
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Environmental');
    await user.click(screen.getByLabelText(/^SDG8 /));
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));

    const result = within(await screen.findByRole('region', { name: 'Result' }));
    expect(result.getByRole('status')).toHaveTextContent(
      'Dry run: nothing was saved. This is what Import will do.',
    );
    expect(result.getByText('Gaps to import').nextSibling).toHaveTextContent('2');
    expect(result.getByText('Rows with errors').nextSibling).toHaveTextContent('1');
    expect(result.getByRole('list', { name: 'Errors (1)' })).toHaveTextContent(
      'Item 1.3 (row 8, column D): Responsibility is required',
    );
    expect(result.getByRole('list', { name: 'Warnings (1)' })).toHaveTextContent(
      "Row 7, column E: Timetable 'Prior to first disbursement' is not a date",
    );
    expect(result.getByRole('button', { name: 'Download rows with errors (CSV)' })).toBeVisible();
    expect(result.queryByRole('link', { name: 'Open the action plan' })).not.toBeInTheDocument();
    const dry = sent(1);
    expect(dry.search).toEqual({ targetCompanyId: 'c1', auditId: 'au1', dryRun: 'true' });
    expect(formField(dry.body, 'actionPlanHeading')).toBe('Danube Steel ESAP');
    expect(formField(dry.body, 'category')).toBe('environment');
    expect(formField(dry.body, 'timeline')).toBe('2028-12-31');
    expect(formField(dry.body, 'ESGAspect')).toBe('Environmental');
    expect(formField(dry.body, 'impactedSDGs')).toBe('["SDG8"]');
    expect(JSON.parse(formField(dry.body, 'mapping') ?? '{}')).toEqual({
      A: 'esapItemNumber',
      B: 'recommendation',
      C: 'gapName',
      D: 'responsibility',
      E: 'timetable',
      F: null,
    });

    await user.click(screen.getByRole('button', { name: 'Import' }));
    const done = within(await screen.findByRole('region', { name: 'Result' }));
    await waitFor(() => expect(done.getByRole('status')).toHaveTextContent('2 gaps imported.'));
    expect(sent(2).search.dryRun).toBe('false');
    expect(done.getByText('Gaps imported').nextSibling).toHaveTextContent('2');
    expect(done.getByRole('link', { name: 'Open the action plan' })).toHaveAttribute(
      'href',
      '/auditor/target-companies/c1/audits/au1/action-plans/p-new',
    );
  });

  it('shows the table of ESAP statuses, each once, and sends what the user confirmed', async () => {
    const statuses: EsapImportResult['statuses'] = [
      { text: 'En cours', items: 3, target: 'open', source: 'remembered' },
      { text: 'Achevé', items: 1, target: 'provClosed', source: 'known' },
      { text: 'Recurring', items: 2, target: null, source: 'unknown' },
    ];
    const { user, view } = setUp([
      ok(answer({ statuses })),
      ok(answer({ dryRun: false, actionPlanId: 'p-new', statuses }), 201),
    ]);
    await readWorkbook(user);
    const table = within(screen.getByRole('region', { name: 'ESAP statuses' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'En coursRemembered3OpenProv CloseKeep as text only',
      'AchevéProposed1OpenProv CloseKeep as text only',
      'RecurringNot recognised2OpenProv CloseKeep as text only',
    ]);
    expect(table.getByLabelText("Status 'En cours' imported as")).toHaveDisplayValue('Open');
    expect(table.getByLabelText("Status 'Achevé' imported as")).toHaveDisplayValue('Prov Close');
    expect(table.getByLabelText("Status 'Recurring' imported as")).toHaveDisplayValue(
      'Keep as text only',
    );
    await user.selectOptions(table.getByLabelText("Status 'Recurring' imported as"), 'Open');
    expect(within(rows[2]!).getByText('Your choice')).toBeVisible();
    expect(await axe(view.container)).toHaveNoViolations();

    await enterText(user, screen.getByLabelText(/^Heading/), 'Sahel Ciment PAES');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'Environment');
    await enterText(user, screen.getByLabelText(/^Timeline/), '2028-12-31');
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Environmental');
    await user.click(screen.getByLabelText(/^SDG8 /));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByRole('link', { name: 'Open the action plan' });
    // The whole table is sent, so the client's next import remembers it.
    expect(JSON.parse(formField(sent(1).body, 'statusMapping') ?? '{}')).toEqual({
      'En cours': 'open',
      Achevé: 'provClosed',
      Recurring: 'open',
    });
  });

  it('shows the server’s reason when the file is no spreadsheet', async () => {
    const { user } = setUp(fails(400, 'This file is not an .xlsx workbook or a CSV file.'));
    await user.upload(
      await screen.findByLabelText('ESAP spreadsheet (.xlsx or .csv)'),
      new File(['GIF89a'], 'photo.xlsx'),
    );
    await user.click(screen.getByRole('button', { name: 'Read file' }));
    // The page's own banner (the toast says it too, as an alert of its own).
    expect(
      await screen.findByText('This file is not an .xlsx workbook or a CSV file.', {
        selector: '.va-import__banner',
      }),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('region', { name: 'Columns' })).not.toBeInTheDocument();
  });
});

describe('errorRowsCsv', () => {
  it('gives the skipped rows with their errors, quoted as CSV', () => {
    expect(errorRowsCsv(answer())).toBe(
      '\uFEFFRow,No.,Action,Environmental & Social Risks / Liabilities / Benefits,"Resources, Responsibility",Implementation / Timetable,Comments,Errors\r\n' +
        '8,1.3,Install filters,"Dust, ""fine""",,Q3 2027,,Responsibility is required\r\n',
    );
  });

  it('reads in the language in use: its columns, the fields they fill and what is wrong', async () => {
    const { user } = setUp(ok(answer()));
    await readWorkbook(user);
    await act(() => switchLanguage('fr'));
    expect(screen.getByRole('heading', { level: 1, name: 'Importer l’ESAP' })).toBeVisible();
    const columns = within(screen.getByRole('region', { name: 'Colonnes' }));
    expect(columns.getByLabelText('Colonne B (Action)')).toHaveDisplayValue(
      'Recommandation (action)',
    );
    expect(columns.getByLabelText('Colonne E (Implementation / Timetable)')).toHaveDisplayValue(
      'Calendrier (échéance)',
    );
    await user.selectOptions(
      screen.getByLabelText('Colonne F (Comments)'),
      'Recommandation (action)',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Les colonnes B (« Action ») et F (« Comments ») sont toutes deux associées à Recommandation (action) ; associez l’une d’elles à un autre champ ou à « Non importée ».',
    );
    expect(screen.getByRole('button', { name: 'Vérifier (essai à blanc)' })).toBeDisabled();
    await act(() => switchLanguage('en'));
  });
});
