import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useFormik } from 'formik';
import {
  DEFAULT_NEW_USER_ROLE,
  ROLE_LABELS,
  newUserSchema,
  runRules,
  type ClientUser,
  type NewUserPayload,
  type Role,
  type UserType,
} from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { t } from './texts';
import {
  Button,
  SelectField,
  TextField,
  Modal,
  SuccessMessage,
  useFocusFirstError,
} from '@verity/shared-ui';

/** How long the success message stays before the dialog closes by itself. */
export const NEW_USER_CLOSE_DELAY_MS = 1500;

/** The role choices with their labels, read when shown (labels follow the language). */
const roleOptions = (roles: readonly Role[]) =>
  roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
/** Only an owner makes an owner; everyone who adds users may add an admin, an editor or a viewer. */
const OWNER_ROLES: readonly Role[] = ['owner', 'admin', 'editor', 'viewer'];
const ROLES: readonly Role[] = ['admin', 'editor', 'viewer'];

export interface NewUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Picks the title, the default role and the success text. */
  userType: UserType;
  /** Offers the owner role (the signed-in user is an owner). */
  canMakeOwners?: boolean;
  create: (payload: NewUserPayload) => Promise<ClientUser>;
  /** The text shown in the dialog when creating fails. */
  createErrorText: (error: unknown) => string;
  /** The created user, handed over when the dialog closes after a success. */
  onCreated: (user: ClientUser) => void;
}

/** Each user type's dialog title and success message (ids named whole, so the builds find them). */
const DIALOG_TITLES = {
  client: 'users.dialog.title.client',
  auditor: 'users.dialog.title.auditor',
  targetCompany: 'users.dialog.title.targetCompany',
} as const satisfies Record<UserType, string>;
const CREATED_MESSAGES = {
  client: 'users.dialog.created.client',
  auditor: 'users.dialog.created.auditor',
  targetCompany: 'users.dialog.created.targetCompany',
} as const satisfies Record<UserType, string>;

/**
 * The add-user dialog of every users screen: email, full name and role, all required. After a
 * success it shows the success message with 'Closing in a moment...' and closes by itself.
 */
export function NewUserDialog({
  open,
  onOpenChange,
  userType,
  canMakeOwners = false,
  create,
  createErrorText,
  onCreated,
}: NewUserDialogProps) {
  useLanguage();
  const [created, setCreated] = useState<ClientUser | null>(null);
  // The form holds typed input not yet saved: closing by Escape, outside or Back asks first.
  const [dirty, setDirty] = useState(false);

  function close() {
    if (created) onCreated(created);
    setCreated(null);
    setDirty(false);
    onOpenChange(false);
  }

  useEffect(() => {
    if (!created) return undefined;
    const timer = setTimeout(close, NEW_USER_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
    // `close` only reads `created`, which is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [created]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t(DIALOG_TITLES[userType])}
      dirty={dirty && !created}
    >
      {created ? (
        <SuccessMessage message={t(CREATED_MESSAGES[userType])} />
      ) : (
        <NewUserForm
          userType={userType}
          roles={roleOptions(canMakeOwners ? OWNER_ROLES : ROLES)}
          create={create}
          createErrorText={createErrorText}
          onCreated={setCreated}
          onCancel={close}
          onDirtyChange={setDirty}
        />
      )}
    </Modal>
  );
}

interface NewUserFormProps {
  userType: UserType;
  roles: { value: Role; label: string }[];
  create: (payload: NewUserPayload) => Promise<ClientUser>;
  createErrorText: (error: unknown) => string;
  onCreated: (user: ClientUser) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

interface NewUserValues {
  emailId: string;
  fullname: string;
  role: Role | '';
}

function NewUserForm({
  userType,
  roles,
  create,
  createErrorText,
  onCreated,
  onCancel,
  onDirtyChange,
}: NewUserFormProps) {
  useLanguage();
  const schema = useMemo(() => newUserSchema(userType), [userType]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const formik = useFormik<NewUserValues>({
    initialValues: { emailId: '', fullname: '', role: DEFAULT_NEW_USER_ROLE[userType] },
    validationSchema: schema,
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: async (values) => {
      setSubmitError(null);
      const checked = runRules(schema, values);
      if (!checked.ok) return;
      try {
        onCreated(await create(checked.value));
      } catch (error) {
        setSubmitError(createErrorText(error));
      }
    },
  });

  const { values, errors, isSubmitting, submitCount, dirty } = formik;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, submitCount, isSubmitting);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const complete =
    values.emailId.trim() !== '' && values.fullname.trim() !== '' && values.role !== '';

  function onFieldChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    formik.setFieldError(event.target.name, undefined);
    formik.handleChange(event);
  }

  return (
    <form ref={formRef} className="vui-screen-form" onSubmit={formik.handleSubmit} noValidate>
      <TextField
        label={t('users.form.email')}
        name="emailId"
        type="email"
        autoComplete="off"
        placeholder={t('users.form.emailPlaceholder')}
        required
        value={values.emailId}
        onChange={onFieldChange}
        error={errors.emailId}
        disabled={isSubmitting}
      />
      <TextField
        label={t('users.form.fullname')}
        name="fullname"
        autoComplete="off"
        placeholder={t('users.form.fullnamePlaceholder')}
        required
        value={values.fullname}
        onChange={onFieldChange}
        error={errors.fullname}
        disabled={isSubmitting}
      />
      <SelectField
        label={t('users.form.role')}
        name="role"
        required
        options={roles}
        value={values.role}
        onChange={onFieldChange}
        error={errors.role}
        disabled={isSubmitting}
      />
      {submitError ? (
        <p className="vui-screen-form__error" role="alert">
          {submitError}
        </p>
      ) : null}
      <div className="vui-screen-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          {t('users.form.cancel')}
        </Button>
        <Button type="submit" disabled={!complete} loading={isSubmitting}>
          {t('users.form.createUser')}
        </Button>
      </div>
    </form>
  );
}
