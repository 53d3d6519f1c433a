/**
 * @jest-environment ../tooling/jest/jsdom-environment.cjs
 * @jest-environment-options {"customExportConditions": ["verity-page"]}
 */
// In the browser the contract's texts follow the page's language; on the servers (node) they stay English.
import { switchLanguage } from '@verity/session';
import { GRIEVANCE_TEXT } from './domain/grievance-texts';
import { milestoneName, storedMilestoneName } from './domain/milestones';
import { INCIDENT_TEXT } from './domain/incident-texts';
import { STATUS_LABELS } from './domain/status';
import { TEXT_FIELD_LABELS, tooLongMessage } from './domain/text-limits';
import { USER_TYPE_LABELS } from './domain/user';
import { MESSAGES, SIGN_IN_ERROR_TEXT } from './messages';
import { auditorSchema, runRules } from './rules/organisation-rules';
import { checkChangeReason } from './rules/change-rules';

afterEach(() => switchLanguage('en'));

describe("the contract's texts in the browser", () => {
  it('read labels, messages and rules in the language chosen, and English again after', async () => {
    await switchLanguage('fr');
    expect(STATUS_LABELS.overdue).toBe('En retard');
    expect(USER_TYPE_LABELS.targetCompany).toBe('Entreprise cible');
    expect(MESSAGES.FIX_ERRORS_BELOW).toBe('Veuillez corriger les erreurs ci-dessous');
    expect(SIGN_IN_ERROR_TEXT('no_membership', 'auditor')).toBe(
      'Votre compte n’a pas accès à l’espace Auditeur. Demandez à un propriétaire de vous y ajouter.',
    );
    // A schema built once, at load, reports in the language in use when it runs.
    expect(runRules(auditorSchema, { emailId: 'a@b.co', auditorName: 'Firm' })).toEqual({
      ok: false,
      message: 'La raison sociale est obligatoire',
    });
    expect(tooLongMessage(TEXT_FIELD_LABELS.gapName, 500)).toBe(
      'Nom de l’écart\u00a0: 500 caractères au maximum.',
    );
    await switchLanguage('ar');
    expect(STATUS_LABELS.closed).toBe('مغلق');
    await switchLanguage('en');
    expect(STATUS_LABELS.overdue).toBe('Overdue');
    expect(tooLongMessage('Gap name', 5000)).toBe('Gap name can be at most 5,000 characters.');
  });

  it('count days in each language’s plural forms', async () => {
    await switchLanguage('ar');
    expect(INCIDENT_TEXT.lateShort(2)).toBe('متأخر يومين');
    expect(INCIDENT_TEXT.lateShort(5)).toBe('متأخر 5 أيام');
    await switchLanguage('fr');
    expect(GRIEVANCE_TEXT.dueIn(0)).toBe('Attendue aujourd’hui');
    expect(GRIEVANCE_TEXT.dueIn(3)).toBe('Attendue dans 3 jours');
    expect(GRIEVANCE_TEXT.stepAction.closed).toBe('Clôturer la réclamation');
  });

  it('name the standard milestones in the language in use, and store them by their English names', async () => {
    await switchLanguage('fr');
    expect(milestoneName('Financial close')).toBe('Closing financier');
    expect(milestoneName('first DISBURSEMENT')).toBe('Premier décaissement');
    expect(milestoneName('Board approval')).toBe('Board approval');
    for (const [typed, stored] of [
      ['Closing financier', 'Financial close'],
      [' premier décaissement ', 'First disbursement'],
      ['financial close', 'Financial close'],
      ['Board approval', 'Board approval'],
    ]) {
      expect(storedMilestoneName(typed!)).toBe(stored);
    }
    await switchLanguage('tr');
    expect(milestoneName('First disbursement')).toBe('İlk kullandırım');
  });

  it('keep the English rules for the reason a date moves later', () => {
    const change = {
      subject: 'dueDate' as const,
      before: '2030-01-01',
      after: '2030-02-01',
      reason: 'short',
    };
    expect(checkChangeReason(change)).toEqual({
      ok: false,
      message: 'Give a reason of at least 10 characters for moving the due date later.',
    });
  });
});
