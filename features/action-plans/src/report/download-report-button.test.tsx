import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reportDayMinus } from '@verity/shared-api';
import { saveBlob } from '@verity/shared-api/src/calls/csv-export';
import { calendarOf, fails, file, onApi, renderScreen } from '@verity/shared-ui/src/testing';
import { CompanyReportButton, DownloadReportButton } from './download-report-button';

// Saving a file is the browser's download, not the network: the report's request is answered below.
jest.mock('@verity/shared-api/src/calls/csv-export', () => ({
  ...jest.requireActual<object>('@verity/shared-api/src/calls/csv-export'),
  saveBlob: jest.fn(),
}));

beforeEach(() => jest.mocked(saveBlob).mockClear());

const PDF_NAME = 'Acme Steel Ltd - monitoring report 2026-01-01-2026-03-31.pdf';

/** Today as the date inputs write it (the browser's own day). */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Download report' }));
  return screen.findByRole('dialog', { name: 'Download monitoring report' });
}

describe('DownloadReportButton', () => {
  it('offers PDF for the last 90 days, and downloads the Excel report for the period chosen', async () => {
    const asked = onApi(
      'get',
      'action-plan/plan-1/report',
      file('xlsx bytes', 'Acme report.xlsx', 'application/octet-stream'),
    );
    renderScreen(
      <DownloadReportButton
        subject={{ kind: 'actionPlan', actionPlanId: 'plan-1', targetCompanyId: 'company-1' }}
      />,
    );
    const dialog = await openDialog();
    const format = within(dialog).getByRole('combobox', { name: /Format/ });
    expect(format).toHaveValue('pdf');
    expect(within(dialog).getByRole('option', { name: 'Excel' })).toBeInTheDocument();
    expect(calendarOf(within(dialog).getByLabelText(/To/))).toHaveValue(today());
    expect(calendarOf(within(dialog).getByLabelText(/From/))).toHaveValue(
      reportDayMinus(today(), 90),
    );

    await userEvent.selectOptions(format, 'xlsx');
    const from = within(dialog).getByLabelText(/From/);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'Acme report.xlsx'),
    );
    expect(asked).toHaveBeenCalledWith(
      expect.objectContaining({
        search: {
          targetCompanyId: 'company-1',
          format: 'xlsx',
          from: '2026-01-01',
          to: today(),
          language: 'en',
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says From must be on or before To, and asks the server nothing', async () => {
    renderScreen(<CompanyReportButton targetCompanyId="company-1" />);
    const dialog = await openDialog();
    const from = within(dialog).getByLabelText(/From/);
    const to = within(dialog).getByLabelText(/To/);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-02-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('From must be on or before To.')).toBeInTheDocument();
    expect(from).toHaveFocus();
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it("downloads the company's report as a PDF", async () => {
    const asked = onApi(
      'get',
      'target-company/company-1/report',
      file('%PDF-1.7', PDF_NAME, 'application/pdf'),
    );
    renderScreen(<CompanyReportButton targetCompanyId="company-1" />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), PDF_NAME));
    expect(asked).toHaveBeenCalledWith(
      expect.objectContaining({
        search: { format: 'pdf', from: reportDayMinus(today(), 90), to: today(), language: 'en' },
      }),
    );
  });

  it('asks for the PDF in the language chosen, beside English when asked', async () => {
    const asked = onApi(
      'get',
      'target-company/company-1/report',
      file('%PDF-1.7', PDF_NAME, 'application/pdf'),
    );
    renderScreen(<CompanyReportButton targetCompanyId="company-1" />);
    const dialog = await openDialog();
    const language = within(dialog).getByRole('combobox', { name: /Language/ });
    expect(language).toHaveValue('en');
    for (const name of ['English', 'Français', 'Español', 'Português', 'Türkçe', 'العربية']) {
      expect(within(language).getByRole('option', { name })).toBeInTheDocument();
    }
    // English alone needs no English beside it.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();

    // An Arabic report is written in Arabic, with no note that it is not.
    await userEvent.selectOptions(language, 'ar');
    expect(within(dialog).queryByText(/English headings/)).not.toBeInTheDocument();
    await userEvent.selectOptions(language, 'fr');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Also in English, side by side' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), PDF_NAME));
    expect(asked).toHaveBeenCalledWith(
      expect.objectContaining({
        search: {
          format: 'pdf',
          from: reportDayMinus(today(), 90),
          to: today(),
          language: 'fr',
          bilingual: 'true',
        },
      }),
    );
  });

  it('asks for the Excel workbook in the language chosen too', async () => {
    const asked = onApi(
      'get',
      'target-company/company-1/report',
      file('PK', 'Acme report.xlsx', 'application/octet-stream'),
    );
    renderScreen(<CompanyReportButton targetCompanyId="company-1" />);
    const dialog = await openDialog();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Format/ }), 'xlsx');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Language/ }), 'es');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    expect(asked).toHaveBeenCalledWith(
      expect.objectContaining({
        search: expect.objectContaining({ format: 'xlsx', language: 'es' }),
      }),
    );
  });

  it('says the download failed and keeps the dialog open to try again', async () => {
    onApi('get', 'target-company/company-1/report', fails(500));
    renderScreen(<CompanyReportButton targetCompanyId="company-1" />);
    const dialog = await openDialog();
    const download = within(dialog).getByRole('button', { name: 'Download' });
    await userEvent.click(download);
    expect(
      await screen.findByText('Failed to download the report. Please try again.'),
    ).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Download monitoring report' })).toBeInTheDocument();
    await waitFor(() => expect(download).toBeEnabled());
  });
});
