import type { AnswerData, Gap, actionPlanSchemas } from '../contract';
import type { ExtensionDecision } from '../domain/extensions';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

type GapAnswer = AnswerData<(typeof actionPlanSchemas)['requestExtension'], 200>;

/** POST /gap/{id}/extension-request: asks for a later due date with a reason (company, not viewer). */
export async function requestExtension(
  gapId: string,
  targetCompanyId: string,
  request: { dueDate: string; reason: string },
  client: KyInstance = apiClient,
): Promise<Gap> {
  const data = await dataOf<GapAnswer>(
    client.post(`gap/${encodeURIComponent(gapId)}/extension-request`, {
      searchParams: { targetCompanyId },
      json: request,
    }),
  );
  return data.gap;
}

/** POST /gap/{id}/extension-answer: approves or declines the waiting request (its approver). */
export async function answerExtension(
  gapId: string,
  targetCompanyId: string,
  answer: { decision: ExtensionDecision; comment?: string },
  client: KyInstance = apiClient,
): Promise<Gap> {
  const data = await dataOf<GapAnswer>(
    client.post(`gap/${encodeURIComponent(gapId)}/extension-answer`, {
      searchParams: { targetCompanyId },
      json: answer,
    }),
  );
  return data.gap;
}
