import { act, screen } from '@testing-library/react';
import { switchLanguage } from '@verity/session';
import { companyUser, renderArea } from './test/render-area';

afterEach(() => act(() => switchLanguage('en')));

describe("the area's own texts", () => {
  it('show in the language in use, and again when it changes', async () => {
    renderArea('/target-company/dashboard', companyUser({ targetCompanyId: undefined }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Target Company');
    await act(() => switchLanguage('fr'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Entreprise cible');
    await act(() => switchLanguage('ar'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('الشركة المستهدفة');
  });
});
