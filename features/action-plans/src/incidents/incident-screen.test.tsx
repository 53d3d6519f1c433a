import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ok, onApi, renderScreen, testUser, withBody } from '@verity/shared-ui/src/testing';
import { IncidentScreen } from './incident-screen';
import { makeIncident } from './incident-fixtures';

const companyEditor = testUser({
  userType: 'targetCompany',
  role: 'editor',
  clientId: undefined,
  targetCompanyId: 'company-1',
});

const question = {
  id: 'question-1',
  question: 'Was the pulley guard in place during cleaning?',
  askedByName: 'Priya Raman',
  askedAt: '2026-12-01T10:00:00.000Z',
  answer: null,
  answeredByName: null,
  answeredAt: null,
};

const correctiveAction = {
  gapId: 'gap-1',
  actionPlanId: 'plan-1',
  auditId: 'audit-1',
  auditorId: 'auditor-1',
  gapName: 'Interlocked guards on every conveyor tail pulley',
  status: 'open',
  dueDate: '2027-02-28T00:00:00.000Z',
};

const gapLink = (action: { actionPlanId: string; gapId: string }) =>
  `/plans/${action.actionPlanId}?gap_id=${action.gapId}`;

describe('IncidentScreen', () => {
  it('shows the company its clocks and corrective actions, and takes its root cause and answers', async () => {
    onApi(
      'get',
      'incident/incident-1',
      ok({
        incident: makeIncident({ questions: [question], correctiveActions: [correctiveAction] }),
      }),
    );
    const rootCause = onApi(
      'put',
      'incident/incident-1/root-cause',
      ok({
        incident: makeIncident({
          rootCause: 'Cleaning while running.',
          rootCauseSubmittedAt: '2026-12-02T10:00:00.000Z',
          revision: 3,
        }),
      }),
    );
    const answered = onApi(
      'post',
      'incident-question/question-1/answer',
      ok({ incident: makeIncident({ revision: 2 }) }),
    );
    const { container } = renderScreen(
      <IncidentScreen incidentId="incident-1" gapLink={gapLink} planSource={{ kind: 'company' }} />,
      { user: companyEditor },
    );
    const clocks = await screen.findByRole('region', { name: 'Clocks' });
    expect(within(clocks).getByText('Lender notified in time')).toBeVisible();
    expect(within(clocks).getByText(/Root cause due in 26 days/)).toBeVisible();
    const actions = screen.getByRole('region', { name: 'Corrective actions' });
    expect(
      within(actions).getByRole('link', {
        name: 'Interlocked guards on every conveyor tail pulley',
      }),
    ).toHaveAttribute('href', '/plans/plan-1?gap_id=gap-1');
    expect(within(actions).getByRole('button', { name: 'Add corrective action' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Close incident' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.type(screen.getByLabelText(/Your answer/), 'No: it had been taken off.');
    await userEvent.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() =>
      expect(answered).toHaveBeenCalledWith(withBody({ answer: 'No: it had been taken off.' })),
    );

    await userEvent.type(screen.getByLabelText(/Why it happened/), 'Cleaning while running.');
    await userEvent.click(screen.getByRole('button', { name: 'Send root-cause analysis' }));
    await waitFor(() =>
      expect(rootCause).toHaveBeenCalledWith(
        withBody({ rootCause: 'Cleaning while running.', revision: 2 }),
      ),
    );
    expect(await screen.findByText(/Root cause sent/)).toBeVisible();

    const corrected = onApi(
      'put',
      'incident/incident-1',
      ok({ incident: makeIncident({ peopleAffected: 3, revision: 4 }) }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Correct the report' }));
    const form = screen.getByRole('region', { name: 'Correct the report' });
    const people = within(form).getByLabelText(/People affected/);
    expect(people).toHaveValue(2);
    await userEvent.clear(people);
    await userEvent.type(people, '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
    await waitFor(() =>
      expect(corrected).toHaveBeenCalledWith(
        withBody(
          expect.objectContaining({
            peopleAffected: 3,
            occurredAt: '2026-11-30T07:40:00.000Z',
            severity: 'high',
            revision: 3,
          }),
        ),
      ),
    );
    expect(await screen.findByText(/Report corrected/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Correct the report' })).not.toBeInTheDocument();
  });

  it('lets the client ask a question and close the incident, without the company’s forms', async () => {
    onApi(
      'get',
      'incident/incident-1',
      ok({
        incident: makeIncident({
          clocks: { ...makeIncident().clocks, rootCauseLate: true, rootCauseDaysLeft: -3 },
        }),
      }),
    );
    const asked = onApi(
      'post',
      'incident/incident-1/questions',
      ok({ incident: makeIncident({ questions: [question] }) }, 201),
    );
    const closed = onApi(
      'post',
      'incident/incident-1/close',
      ok({ incident: makeIncident({ closedAt: '2026-12-04T10:00:00.000Z', revision: 2 }) }),
    );
    renderScreen(<IncidentScreen incidentId="incident-1" gapLink={gapLink} />, {
      user: testUser({ role: 'editor' }),
    });
    expect(await screen.findByText('Root cause late by 3 days')).toBeVisible();
    expect(screen.queryByLabelText(/Why it happened/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add corrective action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct the report' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Ask the company/), question.question);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() =>
      expect(asked).toHaveBeenCalledWith(withBody({ question: question.question })),
    );
    expect(await screen.findByText('Waiting for the company’s answer.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Close incident' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close incident' }));
    await waitFor(() => expect(closed).toHaveBeenCalledWith(withBody({ revision: 1 })));
    expect(await screen.findByText(/Closed on/)).toBeVisible();
  });

  it('gives an auditor viewer the incident to read only', async () => {
    onApi('get', 'incident/incident-1', ok({ incident: makeIncident() }));
    renderScreen(
      <IncidentScreen
        incidentId="incident-1"
        gapLink={gapLink}
        planSource={{ kind: 'auditor', auditorId: 'auditor-1' }}
      />,
      { user: testUser({ userType: 'auditor', role: 'viewer', clientId: undefined }) },
    );
    expect(await screen.findByText('Not written yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add corrective action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close incident' })).not.toBeInTheDocument();
  });
});
