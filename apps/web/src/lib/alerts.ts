/** The specification's titled dialogs (SweetAlert2), in one place. */
import Swal from 'sweetalert2';

export function showSuccess(title: string, text?: string) {
  return Swal.fire({ icon: 'success', title, text, timer: 1800, showConfirmButton: false });
}

export function showError(title: string, text?: string) {
  return Swal.fire({ icon: 'error', title, text });
}

export function showWarning(title: string, text?: string) {
  return Swal.fire({ icon: 'warning', title, text });
}

/** Asks before something destructive; resolves true when confirmed. */
export async function confirmAction(options: { title: string; text?: string; confirmText?: string; danger?: boolean }) {
  const result = await Swal.fire({
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
