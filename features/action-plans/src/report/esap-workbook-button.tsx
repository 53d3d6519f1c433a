// 'Download ESAP workbook': the plan's ESAP in the lender's own workbook, filled in as of a day
// (docs/decisions/0093-esap-back-in-the-lenders-layout.md). Shown only for a plan imported from one.
import { lazy, Suspense, useState } from 'react';
import { useLanguage } from '@verity/session';
import { ESAP_WORKBOOK_BUTTON_TEXT, ESAP_WORKBOOK_DIALOG_TEXT as text } from '@verity/shared-api';
import { Button } from '@verity/shared-ui';

export interface EsapWorkbookButtonProps {
  actionPlanId: string;
  targetCompanyId: string;
}

const loadDialog = () => import('./esap-workbook-dialog');
const EsapWorkbookDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.EsapWorkbookDialog })),
);

/** The button, and its dialog's code once it is first pointed at, focused or pressed. */
export function EsapWorkbookButton({ actionPlanId, targetCompanyId }: EsapWorkbookButtonProps) {
  useLanguage();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prepare = () => {
    void loadDialog();
  };
  return (
    <>
      <Button
        variant="secondary"
        title={text.description}
        onPointerEnter={prepare}
        onFocus={prepare}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {ESAP_WORKBOOK_BUTTON_TEXT.label}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <EsapWorkbookDialog
            actionPlanId={actionPlanId}
            targetCompanyId={targetCompanyId}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </>
  );
}
