// Finding a gap of the signed-in company through the API, to open it by its address.
import { expect, type Page } from '@playwright/test';

export async function data<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1/${path}`);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

export interface Gap {
  id: string;
  remark: { docs: unknown[] }[];
}

interface Plan {
  id: string;
}

/** The address (with gap_id) of the first gap of the signed-in company user's company that matches. */
export async function companyGapPath(page: Page, matches: (gap: Gap) => boolean): Promise<string> {
  const { user } = await data<{ user: { targetCompanyId: string } }>(page, 'auth/me');
  const company = user.targetCompanyId;
  const { auditors } = await data<{ auditors: { auditor: { _id: string } }[] }>(
    page,
    `target-company/auditors?targetCompanyId=${company}&pageSize=100`,
  );
  for (const { auditor } of auditors) {
    const { audits } = await data<{ audits: { _id: string }[] }>(
      page,
      `target-company/${auditor._id}/audits?targetCompanyId=${company}&auditorId=${auditor._id}&pageSize=100`,
    );
    for (const audit of audits) {
      const { actionPlans } = await data<{ actionPlans: Plan[] }>(
        page,
        `action-plan/${audit._id}/action-plans?targetCompanyId=${company}&pageSize=100`,
      );
      for (const plan of actionPlans) {
        // The plan's own page has its gaps in full (the list has their rows only).
        const { gaps } = await data<{ gaps: Gap[] }>(
          page,
          `action-plan/${plan.id}?targetCompanyId=${company}`,
        );
        const gap = gaps.find(matches);
        if (gap)
          return `/target-company/auditors/${auditor._id}/${audit._id}/action-plans/${plan.id}?gap_id=${gap.id}`;
      }
    }
  }
  throw new Error('No such gap in the demo data');
}
