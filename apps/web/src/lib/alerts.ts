import type { SweetAlertOptions } from 'sweetalert2';

/**
 * The specification's titled dialogs (SweetAlert2), in one place. SweetAlert2 (19 KB compressed) is
 * loaded with the first dialog, not with the page: no page needs it before someone acts.
 */
const swal = () => import('sweetalert2').then((module) => module.default);

/**
 * Opens a dialog; when it closes, focus goes back to what had it before (the button pressed, or the
 * field the form pointed at), unless the reader has already moved on. SweetAlert2's own return of focus
 * comes a moment after the dialog has gone and takes focus from wherever it is: a field clicked into
 * during the closing lost the first letters typed into it to the field before.
 */
async function fire(options: SweetAlertOptions) {
  const Swal = await swal();
  const opener = document.activeElement;
  return Swal.fire({
    ...options,
    returnFocus: false,
    didClose: () => {
      const current = document.activeElement;
      const movedOn = current !== null && current !== document.body;
      if (!movedOn && opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    },
  });
}

export async function showSuccess(title: string, text?: string) {
  return fire({ icon: 'success', title, text, timer: 1800, showConfirmButton: false });
}

/** Titles that say nothing on their own: the dialog's text is the headline instead. */
const GENERIC_TITLES = new Set(['Error', 'Error!']);

/**
 * An error dialog that leads with what happened: `reason` (the server's own words, such as "Your card
 * was declined.") is the headline and the general words (`text`, else `title`) go underneath; a bare
 * "Error" gives its place to the text. Always plain text, never HTML.
 */
export async function showError(title: string, text?: string, reason?: string) {
  if (reason) return fire({ icon: 'error', title: reason, text: text ?? title });
  if (text && GENERIC_TITLES.has(title)) return fire({ icon: 'error', title: text });
  return fire({ icon: 'error', title, text });
}

export async function showWarning(title: string, text?: string) {
  return fire({ icon: 'warning', title, text });
}

/** Asks before something destructive; resolves true when confirmed. */
export async function confirmAction(options: { title: string; text?: string; confirmText?: string; danger?: boolean }) {
  const result = await fire({
    icon: options.danger === false ? 'question' : 'warning',
    title: options.title,
    text: options.text,
    showCancelButton: true,
    confirmButtonText: options.confirmText ?? 'Yes',
    cancelButtonText: 'Cancel',
    focusCancel: options.danger !== false,
    confirmButtonColor: options.danger === false ? undefined : '#b91c1c',
  });
  return result.isConfirmed;
}

/** Login Required warning, shown to visitors who try a member action. */
export function showLoginRequired(text: string) {
  return showWarning('Login Required', text);
}

/**
 * Login Required with a way forward: Log in, Sign up or Not now. Resolves the visitor's choice, or
 * null when they stay a visitor.
 */
export async function askToLogIn(text: string): Promise<'login' | 'signup' | null> {
  const result = await fire({
    icon: 'info',
    title: 'Login Required',
    text,
    showDenyButton: true,
    showCancelButton: true,
    confirmButtonText: 'Log in',
    denyButtonText: 'Sign up',
    cancelButtonText: 'Not now',
    denyButtonColor: '#44403c',
  });
  if (result.isConfirmed) return 'login';
  if (result.isDenied) return 'signup';
  return null;
}

/**
 * The destructive-action flow of the specification: ask, run, then say how it went. Resolves true
 * when the action ran and succeeded.
 */
export async function confirmThenRun(options: {
  confirm: { title: string; text?: string; confirmText?: string; danger?: boolean };
  action: () => Promise<unknown>;
  success: [title: string, text?: string];
  failure: [title: string, text?: string];
}): Promise<boolean> {
  if (!(await confirmAction(options.confirm))) return false;
  try {
    await options.action();
  } catch {
    void showError(...options.failure);
    return false;
  }
  void showSuccess(...options.success);
  return true;
}

/**
 * Asks before a rejection, with an optional reason for the member. Resolves the reason ('' when none
 * was given), or null when cancelled.
 */
export async function confirmWithReason(options: {
  title: string;
  text?: string;
  confirmText: string;
  inputLabel: string;
  maxLength: number;
}): Promise<string | null> {
  const result = await fire({
    icon: 'warning',
    title: options.title,
    text: options.text,
    input: 'textarea',
    inputLabel: options.inputLabel,
    inputAttributes: { maxlength: String(options.maxLength) },
    showCancelButton: true,
    confirmButtonText: options.confirmText,
    cancelButtonText: 'Cancel',
    focusCancel: true,
    confirmButtonColor: '#b91c1c',
  });
  if (!result.isConfirmed) return null;
  return typeof result.value === 'string' ? result.value.trim() : '';
}
