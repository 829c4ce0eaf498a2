/**
 * The store's e-mails: each a plain-text body and a simple HTML one, signed with the store's name,
 * address and phone from configuration. Links point at PUBLIC_URL (the web app uses hash routes).
 */
import { formatMoney } from '@ebook/shared';
import type { Config } from '../../config/index.js';

export type MailKind =
  | 'welcome'
  | 'account-exists'
  | 'password-reset'
  | 'password-changed'
  | 'app-password-created'
  | 'order-receipt'
  | 'order-refunded'
  | 'submission-approved'
  | 'submission-rejected'
  | 'contact-message'
  | 'account-deleted';

export interface MailMessage {
  kind: MailKind;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

export type StoreBrand = Pick<Config, 'STORE_NAME' | 'STORE_EMAIL' | 'STORE_PHONE' | 'PUBLIC_URL' | 'STORE_CURRENCY'>;

/** A paragraph of the message: text, or text with one link. */
type Block = string | { text: string; link: string; label: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The web app's address of a route (hash routes: `/#/login`). */
export const appLink = (brand: StoreBrand, route: string) => `${brand.PUBLIC_URL}/#${route}`;

function compose(brand: StoreBrand, kind: MailKind, to: string, subject: string, blocks: Block[]): MailMessage {
  const signature = `${brand.STORE_NAME} · ${brand.STORE_EMAIL} · ${brand.STORE_PHONE}`;
  const text = [
    ...blocks.map((block) => (typeof block === 'string' ? block : `${block.text}\n${block.link}`)),
    '--',
    signature,
  ].join('\n\n');
  const paragraphs = blocks
    .map((block) =>
      typeof block === 'string'
        ? `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`
        : `<p>${escapeHtml(block.text)}<br><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Georgia,serif;color:#292524;max-width:560px;margin:auto;padding:16px">
<h1 style="font-size:20px;color:#7c2d12">${escapeHtml(brand.STORE_NAME)}</h1>
${paragraphs}
<hr style="border:none;border-top:1px solid #d6d3d1">
<p style="font-size:12px;color:#57534e">${escapeHtml(signature)}</p>
</body></html>`;
  return { kind, to, subject: `${subject} · ${brand.STORE_NAME}`, text, html };
}

export interface Recipient {
  name: string;
  email: string;
}

export const welcomeMail = (brand: StoreBrand, member: Recipient) =>
  compose(brand, 'welcome', member.email, 'Welcome', [
    `Hello ${member.name},`,
    `Your ${brand.STORE_NAME} account is ready. Browse the library, keep a wishlist, and download what you buy from My Library.`,
    { text: 'Log in here:', link: appLink(brand, '/login'), label: 'Log in' },
  ]);

/** Someone tried to register with an address that already has an account (maybe its owner). */
export const accountExistsMail = (brand: StoreBrand, member: Recipient) =>
  compose(brand, 'account-exists', member.email, 'Someone tried to register with your e-mail', [
    `Hello ${member.name},`,
    `Someone (perhaps you) just tried to create a new ${brand.STORE_NAME} account with this e-mail address. You already have an account, so nothing was changed.`,
    {
      text: 'If you forgot your password, you can choose a new one:',
      link: appLink(brand, '/forgot-password'),
      label: 'Reset my password',
    },
    'If it was not you, you can ignore this message.',
  ]);

export const passwordResetMail = (brand: StoreBrand, member: Recipient, token: string, minutes: number) =>
  compose(brand, 'password-reset', member.email, 'Reset your password', [
    `Hello ${member.name},`,
    `We received a request to reset the password of your ${brand.STORE_NAME} account.`,
    {
      text: `Choose a new password here (the link works once, for ${minutes} minutes):`,
      link: appLink(brand, `/reset-password?token=${encodeURIComponent(token)}`),
      label: 'Choose a new password',
    },
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ]);

export const passwordChangedMail = (brand: StoreBrand, member: Recipient) =>
  compose(brand, 'password-changed', member.email, 'Your password was changed', [
    `Hello ${member.name},`,
    'The password of your account was just changed, and your other sessions were logged out.',
    `If this was not you, reset your password at once and write to us at ${brand.STORE_EMAIL}.`,
  ]);

/** A new app password: whoever made it can read the member's library from any e-reader app. */
export const appPasswordCreatedMail = (brand: StoreBrand, member: Recipient, name: string) =>
  compose(brand, 'app-password-created', member.email, 'A new app password was created', [
    `Hello ${member.name},`,
    `An app password named "${name}" was just created for your account. E-reader apps sign in with it to read the books in your library.`,
    {
      text: 'If this was not you, revoke it in your Profile and change your password:',
      link: appLink(brand, '/user-dashboard/profile'),
      label: 'Open my Profile',
    },
  ]);

export const accountDeletedMail = (brand: StoreBrand, member: Recipient) =>
  compose(brand, 'account-deleted', member.email, 'Your account was deleted', [
    `Hello ${member.name},`,
    `Your ${brand.STORE_NAME} account and its personal data were deleted, as you asked. Thank you for reading with us.`,
  ]);

export interface ReceiptOrder {
  /** The order number people read aloud (BK-2026-000123). */
  orderNumber: string;
  items: { title: string; priceCents: number }[];
  totalCents: number;
  currency: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};
const brandName = (brand: string | null) =>
  brand ? (BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : 'card';

export function orderReceiptMail(brand: StoreBrand, member: Recipient, order: ReceiptOrder): MailMessage {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const lines = order.items.map((item) => `• ${item.title}: ${money(item.priceCents)}`).join('\n');
  const card = order.cardLast4 ? `Paid with ${brandName(order.cardBrand)} ending in ${order.cardLast4}.` : '';
  return compose(
    brand,
    'order-receipt',
    member.email,
    'Your order receipt',
    [
      `Hello ${member.name},`,
      `Thank you for your order ${order.orderNumber}.`,
      lines,
      `Total: ${money(order.totalCents)}`,
      card,
      {
        text: 'Your books are waiting in My Library:',
        link: appLink(brand, '/user-dashboard/my-library'),
        label: 'Open My Library',
      },
    ].filter((block) => block !== ''),
  );
}

export interface RefundNotice {
  orderNumber: string;
  titles: string[];
  amountCents: number;
  currency: string;
  reason: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

export function orderRefundedMail(brand: StoreBrand, member: Recipient, refund: RefundNotice): MailMessage {
  const card = refund.cardLast4 ? ` to your ${brandName(refund.cardBrand)} ending in ${refund.cardLast4}` : '';
  return compose(brand, 'order-refunded', member.email, `Refund for order ${refund.orderNumber}`, [
    `Hello ${member.name},`,
    `We have refunded ${formatMoney(refund.amountCents, refund.currency)}${card} for order ${refund.orderNumber}.`,
    refund.titles.map((title) => `• ${title}`).join('\n'),
    `Reason: ${refund.reason}`,
    'The refunded books are no longer in your library.',
    { text: 'See your orders:', link: appLink(brand, '/user-dashboard/orders'), label: 'My orders' },
  ]);
}

export function submissionReviewedMail(
  brand: StoreBrand,
  {
    member,
    book,
    decision,
    reason,
  }: { member: Recipient; book: { title: string }; decision: 'approved' | 'rejected'; reason?: string | null },
): MailMessage {
  if (decision === 'approved') {
    return compose(brand, 'submission-approved', member.email, `"${book.title}" was approved`, [
      `Hello ${member.name},`,
      `Good news: your book "${book.title}" was approved and is now in the ${brand.STORE_NAME} library.`,
      { text: 'See your books:', link: appLink(brand, '/user-dashboard/userBooks'), label: 'My books' },
    ]);
  }
  return compose(brand, 'submission-rejected', member.email, `"${book.title}" was not approved`, [
    `Hello ${member.name},`,
    `Your book "${book.title}" was not approved.`,
    ...(reason ? [`The reviewer's reason: ${reason}`] : []),
    { text: 'See your books:', link: appLink(brand, '/user-dashboard/userBooks'), label: 'My books' },
  ]);
}

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** A visitor's contact-form message, to the store's own address; replying answers the visitor. */
export const contactMail = (brand: StoreBrand, contact: ContactInput) => ({
  ...compose(brand, 'contact-message', brand.STORE_EMAIL, `Contact: ${contact.subject}`, [
    `From: ${contact.name} <${contact.email}>`,
    `Subject: ${contact.subject}`,
    contact.message,
  ]),
  replyTo: contact.email,
});
