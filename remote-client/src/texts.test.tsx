import { act, screen } from '@testing-library/react';
import { switchLanguage } from '@verity/session';
import { ok, onApi, renderScreen } from '@verity/shared-ui/src/testing';
import { AuditorsScreen } from './features/auditors/auditors-screen';
import { CreateTargetCompanyModal } from './features/target-company-wizard/create-target-company-modal';

afterEach(() => act(() => switchLanguage('en')));

describe("the client area's own texts", () => {
  it('show in the language in use, and again when it changes', async () => {
    onApi('get', 'auditor', ok({ auditors: [] }));
    renderScreen(<AuditorsScreen canAdd />);
    expect(await screen.findByText('Total: 0')).toBeInTheDocument();
    await act(() => switchLanguage('fr'));
    expect(screen.getByRole('heading', { level: 1, name: 'Auditeurs' })).toBeInTheDocument();
    expect(screen.getByText('Total : 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter un auditeur' })).toBeInTheDocument();
  });

  it('put values in their place in each language', async () => {
    await act(() => switchLanguage('es'));
    renderScreen(<CreateTargetCompanyModal open onOpenChange={() => {}} onCreated={() => {}} />);
    expect(await screen.findByText('Paso 1 de 2: Datos de la empresa')).toBeInTheDocument();
    await act(() => switchLanguage('ar'));
    expect(screen.getByText('الخطوة 1 من 2: بيانات الشركة')).toBeInTheDocument();
  });
});
