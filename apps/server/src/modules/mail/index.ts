/**
 * What other modules use of mail. Other modules import from here, never from the files inside.
 */
export {
  accountDeletedMail,
  accountExistsMail,
  appPasswordCreatedMail,
  contactMail,
  orderReceiptMail,
  passwordChangedMail,
  passwordResetMail,
  submissionReviewedMail,
  welcomeMail,
} from './messages.js';
export type { MailMessage } from './messages.js';
export { orderRefundedMail } from './messages.js';
