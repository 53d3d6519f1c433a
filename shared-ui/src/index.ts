// Every export of the design system, by name.
export { Button, buttonStyleProps } from './button';
export type { ButtonProps, ButtonSize, ButtonStyleOptions, ButtonVariant } from './button';
export { IconButton } from './icon-button';
export type { IconButtonProps } from './icon-button';
export { Spinner } from './spinner';
export type { SpinnerProps } from './spinner';
export { LoadingState } from './loading-state';
export type { LoadingStateProps } from './loading-state';
export { EmptyState, NotFoundState, isNotFound } from './empty-state';
export type { EmptyStateProps } from './empty-state';
export { ErrorPage, errorPageDefaultMessage, errorPageDefaultTitle } from './error-page';
export type { ErrorPageProps } from './error-page';
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
export { ToastProvider, toast } from './toast';
export { Modal } from './modal';
export type { ModalProps, ModalSize } from './modal';
export { ConfirmDialog, DeleteUserDialog } from './confirm-dialog';
export type { ConfirmDialogProps, DeleteUserDialogProps } from './confirm-dialog';
export { Tabs } from './tabs';
export type { TabItem, TabsProps } from './tabs';
export { DataTable, RowLink, followRowLink } from './data-table';
export type {
  DataTableColumn,
  DataTableProps,
  DataTableSelection,
  RowLinkTarget,
} from './data-table';
export {
  ListPages,
  Pagination,
  lastPage,
  pageFromSearch,
  usePageInAddress,
  usePagedList,
} from './pagination';
export type { LoadedPage, PaginationProps, PagedListOptions, PagedListRequest } from './pagination';
export { Card } from './card';
export type { CardProps } from './card';
export { StatCard } from './stat-card';
export type { StatCardProps, StatCardAccent } from './stat-card';
export { SearchBox } from './search-box';
export type { SearchBoxProps } from './search-box';
export {
  TextField,
  SelectField,
  TextAreaField,
  DateField,
  DATE_INPUT_FORMAT,
  toDateInputValue,
  labelledOptions,
  FieldShell,
} from './form-field';
export type {
  TextFieldProps,
  SelectFieldProps,
  SelectOption,
  TextAreaFieldProps,
  DateFieldProps,
  FieldBaseProps,
  FieldControlProps,
} from './form-field';
export { Badge, BADGE_TONES } from './badge';
export type { BadgeProps, BadgeTone } from './badge';
export { ItemNumber } from './item-number';
export type { ItemNumberProps } from './item-number';
export { StatusBadge } from './status-badge';
export type { StatusBadgeProps } from './status-badge';
export { RiskBadge } from './risk-badge';
export type { RiskBadgeProps } from './risk-badge';
export { RoleBadge } from './role-badge';
export type { RoleBadgeProps } from './role-badge';
export {
  DateText,
  DaysPassed,
  DaysLeft,
  currentDateStyle,
  currentDateLocale,
  useDateLocale,
  formatDate,
  useDateStyle,
  daysPassedText,
  daysLeftText,
  formatListDate,
  formatDetailDate,
  formatTableDate,
  formatCardDate,
  formatDateTime,
} from './date-text';
export type { DateTextProps, DaysPassedProps, DaysLeftProps } from './date-text';
export { CurrencyText, formatAmount } from './currency-text';
export type { CurrencyTextProps } from './currency-text';
export { FileSize } from './file-size';
export {
  PICKABLE_IMAGE_TYPES,
  asPicked,
  hasTouchScreen,
  pickImages,
  prepareTakenPhotos,
} from './photo-picking';
export type { DraftImage, RefusedFile } from './photo-picking';
export type { FileSizeProps } from './file-size';
export { SdgIcons, SDG_COLORS, sdgTextColor } from './sdg-icons';
export type { SdgIconsProps } from './sdg-icons';
export { SuccessMessage } from './success-message';
export type { SuccessMessageProps } from './success-message';
export { EmailInput } from './email-input';
export type { EmailInputProps, EmailValidation, EmailCheckStatus } from './email-input';
export {
  PieChart,
  PortfolioBarChart,
  LazyChart,
  pieOption,
  pieLabel,
  wholePercent,
  riskSlices,
  timelineSlices,
  categorySlices,
  portfolioOption,
  portfolioHeight,
  PORTFOLIO_SERIES,
} from './charts';
export type {
  PieChartProps,
  PortfolioBarChartProps,
  LazyChartProps,
  PieSlice,
  PieOption,
  PortfolioRow,
  PortfolioOption,
} from './charts';
export {
  GapForm,
  AddGapForm,
  EditGapForm,
  GAP_FORM_TEXT,
  initialGapFormValues,
  restoreGapFormValues,
  toGapInput,
} from './gap-form';
export type { GapFormProps, AddGapFormProps, EditGapFormProps, GapFormValues } from './gap-form';
export { GapDetailsPanel, preparePhoto, PHOTO_MAX_LONG_EDGE } from './gap-details';
export type { GapDetailsPanelProps, PreparedPhoto, PreparePhotoOptions } from './gap-details';
export {
  ERROR_SCOPE_ATTRIBUTE,
  UNSAVED_CHANGES_TEXT,
  focusFirstInvalid,
  useFocusFirstError,
  useUnsavedChanges,
} from './unsaved-changes';
export type { UnsavedChanges, UnsavedChangesOptions } from './unsaved-changes';
export { lazyPage, PageSuspense } from './lazy-page';
export { RevisionDifferences } from './esap-revisions';
export type { RevisionDifferencesProps } from './esap-revisions';
export {
  KeepPlanButton,
  OfflineBar,
  loadOffline,
  useOfflineState,
  useOfflineWork,
} from './offline';
export type { KeepPlanButtonProps, OfflineBarProps, OfflineModule } from './offline';
