import { useEffect, type RefObject } from 'react';

/** Marks an element whose fields count as one form for focusing the first error (a page of two forms). */
export const ERROR_SCOPE_ATTRIBUTE = 'data-error-scope';

/** Focuses the first field marked invalid inside `root`; false when there is none. */
export function focusFirstInvalid(root: ParentNode | null | undefined): boolean {
  const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return false;
  invalid.focus();
  return true;
}

/**
 * After a refused submit, focus goes to the first field in error, so a keyboard or screen-reader user
 * lands on what to fix. The search covers the nearest `data-error-scope` around the form, when there is
 * one, so a page whose fields sit before the form (the create action plan page) starts with those.
 */
export function useFocusFirstError(
  formRef: RefObject<HTMLElement | null>,
  submitCount: number,
  isSubmitting: boolean,
) {
  useEffect(() => {
    if (submitCount === 0 || isSubmitting) return;
    const form = formRef.current;
    focusFirstInvalid(form?.closest(`[${ERROR_SCOPE_ATTRIBUTE}]`) ?? form);
  }, [formRef, submitCount, isSubmitting]);
}
