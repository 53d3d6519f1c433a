import { Link } from 'react-router-dom';
import { COMPANY_TYPE_LABELS, type TargetCompany } from '@verity/shared-api';
import type { TargetCompanyCardLink } from './target-company-links';
import { targetCompanyTexts as texts } from './target-company-texts';
import { DateText, Badge, buttonStyleProps, Card } from '@verity/shared-ui';

export interface TargetCompanyCardProps {
  company: TargetCompany;
  links: readonly TargetCompanyCardLink[];
}

export function TargetCompanyCard({ company, links }: TargetCompanyCardProps) {
  const id = company._id || company.id;
  return (
    <Card as="article" headingLevel={2} title={company.targetCompanyName}>
      <dl className="vui-card-details">
        <div>
          <dt className="vui-card-details__muted">{texts.registeredName}</dt>
          <dd>{company.registeredName || '-'}</dd>
        </div>
        <div>
          <dt className="vui-card-details__muted">{texts.email}</dt>
          <dd>{company.emailId}</dd>
        </div>
        <div>
          <dt className="vui-card-details__muted">{texts.companyType}</dt>
          <dd>
            <Badge tone="primary">
              {COMPANY_TYPE_LABELS[company.companyType] ?? company.companyType}
            </Badge>
          </dd>
        </div>
        <div>
          <dt className="vui-card-details__muted">{texts.created}</dt>
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
              {texts.links[link]}
            </Link>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
