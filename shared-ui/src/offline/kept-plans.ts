// Keeping a plan on the device: the service worker fetches and keeps what its page needs, and the
// device notes since when.
import { toast } from '../toast';
import type { KeepPlanButtonProps } from './keep-plan-entry';
import { deletePlan, putPlan } from './offline-db';
import { keepOnDevice } from './offline-store';
import { OFFLINE_TEXT } from './offline-text';
import { addressesToKeep, keepAddresses } from './service-worker-client';
import { OFFLINE_STARTED } from './use-offline-work';

export interface PlanToKeep {
  userId: string;
  planId: string;
  targetCompanyId: string;
  heading: string;
  /** Addresses the page has not loaded yet that the plan needs offline (its evidence images). */
  extraAddresses: readonly string[];
}

/** Keeps the plan (its page, code, answers and images) on this device, or refreshes its copy. */
export async function keepPlan(plan: PlanToKeep): Promise<void> {
  await keepOnDevice(plan.userId);
  window.dispatchEvent(new Event(OFFLINE_STARTED));
  await keepAddresses(addressesToKeep(plan.extraAddresses));
  await putPlan({
    planId: plan.planId,
    userId: plan.userId,
    targetCompanyId: plan.targetCompanyId,
    heading: plan.heading,
    path: `${location.pathname}${location.search}`,
    savedAt: new Date().toISOString(),
  });
}

export async function stopKeepingPlan(planId: string): Promise<void> {
  await deletePlan(planId);
}

/** 'Keep offline' pressed: keeps the plan and says how it went. */
export async function keepPlanOnDevice(props: KeepPlanButtonProps): Promise<boolean> {
  try {
    await props.prepare?.();
    await keepPlan({ ...props, extraAddresses: props.extraAddresses() });
    toast.success(OFFLINE_TEXT.kept);
    return true;
  } catch {
    toast.error(OFFLINE_TEXT.keepFailed);
    return false;
  }
}
