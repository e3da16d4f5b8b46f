/**
 * The demo's forms (issue 14): a contact form on the Contact page using most field types, and the
 * newsletter form of the home page's newsletter block, and the sign-up the Wheel Throwing Class
 * asks in its extra-fields lightbox before it goes in the cart (its additionalFieldsFormId). Bodies as the owner's form builder sends
 * them (`parseFormDefinition` reads them).
 */
export const DEMO_FORM_IDS = { contact: 'contact-form', newsletter: 'newsletter', classSignup: 'form-class-signup' } as const;

export const DEMO_CONTACT_FORM = {
  id: DEMO_FORM_IDS.contact,
  name: 'Write to the studio',
  submitButtonText: 'Send message',
  parsedSubmissionMessage: '<p>Thank you! We read every message and answer within two working days.</p>',
  parsedDisclaimerMessage: '<p>We use your details only to answer you. They are never shared.</p>',
  storage: { notificationEmails: ['studio@clayandco.shop'], emailSubject: 'New message from the website' },
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
    { id: 'phone', type: 'phone', title: 'Phone', description: 'Only if you would like a call back.', showCountryCode: true },
    { id: 'topic', type: 'select', title: 'What is it about?', required: true, options: ['An order', 'Classes and workshops', 'Wholesale', 'Something else'] },
    { id: 'order_number', type: 'text', title: 'Order number', placeholder: 'e.g. 1042', description: 'If you are writing about an order.' },
    { id: 'contact_by', type: 'radio', title: 'How should we reply?', options: ['Email', 'Phone'] },
    { id: 'interests', type: 'checkbox', title: 'Tell me about', options: ['New glazes', 'Studio sales', 'Classes'] },
    { id: 'visit', type: 'section', title: 'Visiting the studio', description: 'Planning to come by? Tell us when.', underline: true },
    { id: 'visit_date', type: 'date', title: 'Day of your visit' },
    { id: 'visit_time', type: 'time', title: 'Time of your visit' },
    { id: 'address', type: 'address', title: 'Address for deliveries', description: 'For replacements and custom orders.' },
    { id: 'budget', type: 'currency', title: 'Budget for a custom order', currencySymbol: '$' },
    { id: 'website', type: 'website', title: 'Your website', placeholder: 'example.com' },
    { id: 'survey', type: 'likert', title: 'How was your last visit?', options: ['The shop was easy to find', 'The staff were helpful'] },
    { id: 'message', type: 'textarea', title: 'Message', required: true, maxLength: 1000, placeholder: 'How can we help?' },
    { id: 'source', type: 'hidden', title: 'Source', key: 'source', value: 'contact-page' },
  ],
};

export const DEMO_NEWSLETTER_FORM = {
  id: DEMO_FORM_IDS.newsletter,
  kind: 'newsletter',
  name: 'Kiln days newsletter',
  submitButtonText: 'Sign up',
  parsedSubmissionMessage: '<p>You are on the list. See you at the next kiln opening!</p>',
  fields: [{ id: 'email', type: 'email', title: 'Email address', required: true, placeholder: 'you@example.com' }],
};

export const DEMO_CLASS_SIGNUP_FORM = {
  id: DEMO_FORM_IDS.classSignup,
  name: 'Class sign-up',
  submitButtonText: 'Book my seat',
  fields: [
    { id: 'student', type: 'name', title: 'Student name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com', description: 'We send the class details here.' },
    { id: 'experience', type: 'select', title: 'Experience at the wheel', required: true, options: ['First time', 'A few classes', 'I throw regularly'] },
    { id: 'notes', type: 'textarea', title: 'Anything we should know?', maxLength: 500, placeholder: 'Allergies, access needs, left-handed…' },
    { id: 'safety', type: 'checkbox', title: 'Studio rules', required: true, options: ['I will wear closed shoes and clothes that can get muddy'] },
  ],
};
