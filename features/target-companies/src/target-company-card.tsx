import { Link } from 'react-router-dom';
import { COMPANY_TYPE_LABELS, type TargetCompany } from '@verity/shared-api';
import type { TargetCompanyCardLink } from './target-company-links';
import { useLanguage } from '@verity/session';
import { t } from './texts';
import { DateText, Badge, buttonStyleProps, Card } from '@verity/shared-ui';

/** Each card link's text. */
const LINK_TEXTS = {
  dashboard: 'companies.card.link.dashboard',
  auditors: 'companies.card.link.auditors',
  'create-audit': 'companies.card.link.createAudit',
  audits: 'companies.card.link.audits',
} as const satisfies Record<TargetCompanyCardLink, string>;

export interface TargetCompanyCardProps {
  company: TargetCompany;
  links: readonly TargetCompanyCardLink[];
}

export function TargetCompanyCard({ company, links }: TargetCompanyCardProps) {
  useLanguage();
  const id = company._id || company.id;
  return (
    <Card as="article" headingLevel={2} title={company.targetCompanyName}>
      <dl className="vui-card-details">
        <div>
          <dt className="vui-card-details__muted">{t('companies.card.registeredName')}</dt>
          <dd>{company.registeredName || '-'}</dd>
        </div>
        <div>
          <dt className="vui-card-details__muted">{t('companies.card.email')}</dt>
          <dd>{company.emailId}</dd>
        </div>
        <div>
          <dt className="vui-card-details__muted">{t('companies.card.companyType')}</dt>
          <dd>
            <Badge tone="primary">
              {COMPANY_TYPE_LABELS[company.companyType] ?? company.companyType}
            </Badge>
          </dd>
        </div>
        <div>
          <dt className="vui-card-details__muted">{t('companies.card.created')}</dt>
          <dd>
            <DateText value={company.createdAt} format="card" />
          </dd>
        </div>
      </dl>
      {links.length > 0 ? (
        <div className="vui-card-links">
          {links.map((link) => (
            <Link
              key={link}
              to={`${id}/${link}`}
              {...buttonStyleProps({
                variant: link === 'auditors' ? 'primary' : 'secondary',
                size: 'sm',
              })}
            >
              {t(LINK_TEXTS[link])}
            </Link>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
