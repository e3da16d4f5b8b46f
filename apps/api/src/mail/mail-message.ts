/**
 * An outgoing message as the app hands it to the Mailer: plain data, checked before it is queued.
 * Nothing here is sent as a raw header: addresses and the subject may hold no CR or LF (header
 * injection), and every part has a size limit.
 */
export type MailMessage = {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

export const MAIL_LIMITS = {
  /** Recipients of one message. */
  maxRecipients: 20,
  /** An address: SPEC 9, an email is 3 to 256 characters. */
  addressMinLength: 3,
  addressMaxLength: 256,
  /** Kept well under SMTP's 998-character header line once encoded. */
  subjectMaxLength: 250,
  textMaxLength: 256 * 1024,
  htmlMaxLength: 512 * 1024,
} as const;

/** A message the Mailer will not queue; `field` names the part and `message` says why. */
export class InvalidMailMessage extends Error {
  readonly name = 'InvalidMailMessage';
  constructor(
    readonly field: keyof MailMessage,
    message: string,
  ) {
    super(message);
  }
}

/** A bare address: one @, no spaces, no brackets, quotes, commas or semicolons (no display names, no lists). */
const ADDRESS = /^[^\s@<>()[\]",;:\\]+@[^\s@<>()[\]",;:\\]+\.[^\s@<>()[\]",;:\\]+$/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function checkAddress(field: 'to' | 'replyTo', value: unknown): string {
  if (typeof value !== 'string') throw new InvalidMailMessage(field, `${field}: an address must be text.`);
  if (LINE_BREAK.test(value) || CONTROL.test(value)) throw new InvalidMailMessage(field, `${field}: an address may not contain line breaks or control characters.`);
  if (value.length < MAIL_LIMITS.addressMinLength || value.length > MAIL_LIMITS.addressMaxLength) {
    throw new InvalidMailMessage(field, `${field}: an address must be ${MAIL_LIMITS.addressMinLength} to ${MAIL_LIMITS.addressMaxLength} characters.`);
  }
  if (!ADDRESS.test(value)) throw new InvalidMailMessage(field, `${field}: ${JSON.stringify(value)} is not an email address.`);
  return value;
}

/** The message checked and copied (only its known fields); throws InvalidMailMessage. */
export function checkMailMessage(message: MailMessage): MailMessage {
  if (typeof message !== 'object' || message === null) throw new InvalidMailMessage('to', 'A message must be an object.');
  const { to, subject, text, html, replyTo } = message;
  if (!Array.isArray(to) || to.length === 0) throw new InvalidMailMessage('to', 'to: a message needs at least one recipient.');
  if (to.length > MAIL_LIMITS.maxRecipients) throw new InvalidMailMessage('to', `to: at most ${MAIL_LIMITS.maxRecipients} recipients.`);
  const recipients = [...new Set(to.map((a) => checkAddress('to', a)))];
  if (typeof subject !== 'string') throw new InvalidMailMessage('subject', 'subject must be text.');
  if (LINE_BREAK.test(subject) || CONTROL.test(subject)) throw new InvalidMailMessage('subject', 'subject may not contain line breaks or control characters.');
  if (subject.length > MAIL_LIMITS.subjectMaxLength) throw new InvalidMailMessage('subject', `subject: at most ${MAIL_LIMITS.subjectMaxLength} characters.`);
  if (typeof text !== 'string') throw new InvalidMailMessage('text', 'text must be text.');
  if (text.length > MAIL_LIMITS.textMaxLength) throw new InvalidMailMessage('text', `text: at most ${MAIL_LIMITS.textMaxLength} characters.`);
  if (html !== undefined && typeof html !== 'string') throw new InvalidMailMessage('html', 'html must be text.');
  if (html !== undefined && html.length > MAIL_LIMITS.htmlMaxLength) throw new InvalidMailMessage('html', `html: at most ${MAIL_LIMITS.htmlMaxLength} characters.`);
  return {
    to: recipients,
    subject,
    text,
    ...(html !== undefined ? { html } : {}),
    ...(replyTo !== undefined ? { replyTo: checkAddress('replyTo', replyTo) } : {}),
  };
}
