export {
  Breadcrumb,
  PageContext,
  PageHeader,
  PRODUCT_NAME,
  namedCrumb,
  documentTitle,
  useDocumentTitle,
  useTrail,
} from './page-header';
export type { Crumb, PageHeaderProps, PageTrail } from './page-header';
