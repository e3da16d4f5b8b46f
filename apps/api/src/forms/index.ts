/** Forms and newsletter sign-ups: the module, and the notification email a submission sends. */
export { FormsModule } from './forms.module';
export { FormWorkersModule } from './form-workers.module';
export { FormStore } from './form-store';
export { FORM_VISITOR_COOKIE, SUBMISSION_KEY_TTL_MS } from './form-visitors';
export { notificationMessage } from './form-notifications';
