import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveBlob } from '@verity/shared-api/src/calls/csv-export';
import { calendarOf, fails, file, onApi, renderScreen } from '@verity/shared-ui/src/testing';
import { EsapWorkbookButton } from './esap-workbook-button';

// Saving a file is the browser's download, not the network: the workbook's request is answered below.
jest.mock('@verity/shared-api/src/calls/csv-export', () => ({
  ...jest.requireActual<object>('@verity/shared-api/src/calls/csv-export'),
  saveBlob: jest.fn(),
}));

beforeEach(() => jest.mocked(saveBlob).mockClear());

/** Today as the date inputs write it (the browser's own day). */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

async function openDialog() {
  renderScreen(<EsapWorkbookButton actionPlanId="plan-1" targetCompanyId="company-1" />);
  await userEvent.click(screen.getByRole('button', { name: 'Download ESAP workbook' }));
  return screen.findByRole('dialog', { name: 'Download ESAP workbook' });
}

describe('EsapWorkbookButton', () => {
  it('downloads the lender’s workbook as of the day chosen, under the name the server gives', async () => {
    const asked = onApi(
      'get',
      'action-plan/plan-1/esap-workbook',
      file('xlsx bytes', 'Karadeniz ESAP - as of 2026-03-31.xlsx', 'application/octet-stream'),
    );
    const dialog = await openDialog();
    const asOf = within(dialog).getByLabelText(/As of/);
    expect(calendarOf(asOf)).toHaveValue(today());
    await userEvent.clear(asOf);
    await userEvent.type(asOf, '2026-03-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(
        expect.anything(),
        'Karadeniz ESAP - as of 2026-03-31.xlsx',
      ),
    );
    expect(asked).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: 'company-1', asOf: '2026-03-31' } }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a day after today in the API’s words, and asks the server nothing', async () => {
    const asked = onApi('get', 'action-plan/plan-1/esap-workbook', fails(500, 'never'));
    const dialog = await openDialog();
    const asOf = within(dialog).getByLabelText(/As of/);
    await userEvent.clear(asOf);
    await userEvent.type(asOf, '2999-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(
      await within(dialog).findByText('As of must be a date written yyyy-mm-dd, not after today.'),
    ).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
