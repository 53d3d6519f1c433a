import { useLanguage } from '@verity/session';
import { PageHeader } from '@verity/shared-ui';
import { AUDITOR_TEXTS as texts } from '../strings';

/** A page of an auditor user who belongs to no firm: its title and why there is nothing to show. */
export function NoAuditorFirm({ title }: { title: string }) {
  useLanguage();
  return (
    <div>
      <PageHeader title={title} />
      <p role="alert">{texts.noAuditorFirm}</p>
    </div>
  );
}
