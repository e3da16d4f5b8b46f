/**
 * /config/forms: the form builder (SPEC 3 'Form builder with tabs: build, storage, advanced,
 * captcha, disclaimer'), each form's submissions (paged, CSV, delete with the confirmation modal)
 * and the newsletter mailing list.
 */
import { CAPTCHA_ALIGNMENTS, CAPTCHA_METHODS, CAPTCHA_THEMES, type FormDefinition } from '@storefront/domain/forms/definition';
import { BUILDER_PROPERTIES, FORM_FIELD_TYPES, FORM_LIMITS, type FormField, type FormFieldType } from '@storefront/domain/forms/fields';
import { FORM_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useConfirm } from '../../ui/confirm-dialog';
import { EditConflictNotice, useEditConflict } from '../../ui/edit-conflict';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { addField, FIELD_TYPE_LABELS, moveField, optionsFromText, removeField, updateField } from './form-draft';
import {
  formsApi, submissionsCsvUrl, useCreateOwnerFormMutation, useDeleteFormSubmissionMutation, useGetOwnerFormQuery, useListFormSubmissionsQuery,
  useListMailingListQuery, useListOwnerFormsQuery, useSaveOwnerFormMutation,
} from './forms-api';
import './forms.css';

export function FormsList() {
  const forms = useListOwnerFormsQuery();
  const [create, creating] = useCreateOwnerFormMutation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const make = async (kind: 'form' | 'newsletter') => {
    setProblem(null);
    try {
      const made = await create({ kind, name: kind === 'newsletter' ? 'Newsletter' : 'Untitled form' }).unwrap();
      navigate(`/forms/${encodeURIComponent(made.form.id)}`);
    } catch (error) {
      setProblem(errorMessage(error, FORM_ERROR_MESSAGES.FORM_UPDATE_FAILED));
    }
  };
  return (
    <>
      <PageHeader
        title="Forms"
        subtitle="Contact forms, surveys and newsletter sign-ups. Add one to a page with a form block."
        actions={
          <div className="ow-form-actions">
            <Link className="ow-button" to="/forms/mailing-list">Mailing list</Link>
            <button type="button" className="ow-button" disabled={creating.isLoading} onClick={() => void make('newsletter')}>New newsletter</button>
            <button type="button" className="ow-button ow-primary" disabled={creating.isLoading} onClick={() => void make('form')}>New form</button>
          </div>
        }
      />
      {problem && <Alert>{problem}</Alert>}
      {forms.isLoading ? <Loading what="forms" /> : forms.isError || !forms.data ? (
        <Alert>{errorMessage(forms.error, FORM_ERROR_MESSAGES.FORM_OPEN_FAILED)}</Alert>
      ) : forms.data.forms.length === 0 ? (
        <p className="ow-panel-box">No forms yet. Start one with New form.</p>
      ) : (
        <table className="ow-table forms-table">
          <thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Submissions</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {forms.data.forms.map((f) => (
              <tr key={f.id}>
                <td><Link to={`/forms/${encodeURIComponent(f.id)}`}>{f.name}</Link></td>
                <td>{f.kind === 'newsletter' ? 'Newsletter' : 'Form'}</td>
                <td>{f.submissions}</td>
                <td><Link to={`/forms/${encodeURIComponent(f.id)}/submissions`}>Submissions<span className="visually-hidden"> of {f.name}</span></Link></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

const TABS = [
  { id: 'build', label: 'Build' },
  { id: 'storage', label: 'Storage' },
  { id: 'advanced', label: 'Advanced' },
  { id: 'captcha', label: 'Captcha' },
  { id: 'disclaimer', label: 'Disclaimer' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function FormEditorScreen() {
  const { formId = '' } = useParams();
  const read = useGetOwnerFormQuery(formId);
  if (read.isLoading) return <Loading what="form" />;
  if (read.isError || !read.data) {
    return (
      <>
        <PageHeader title="Form" />
        <Alert>{FORM_ERROR_MESSAGES.FORM_OPEN_FAILED}: {errorMessage(read.error, 'please reload the page and try again.')}</Alert>
      </>
    );
  }
  return <FormEditor key={`${formId}`} initial={read.data.form} initialVersion={read.data.version} />;
}

function FormEditor({ initial, initialVersion }: { initial: FormDefinition; initialVersion: number }) {
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState(initial);
  const [version, setVersion] = useState<number | null>(initialVersion);
  const [tab, setTab] = useState<TabId>('build');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [save, saving] = useSaveOwnerFormMutation();
  const dispatch = useAppDispatch();
  const dirty = JSON.stringify(saved) !== JSON.stringify(form);
  useUnsavedChangesGuard(dirty);
  const conflicts = useEditConflict(async () => {
    const fresh = await dispatch(formsApi.endpoints.getOwnerForm.initiate(initial.id, { forceRefetch: true, subscribe: false })).unwrap();
    setSaved(fresh.form);
    setForm(fresh.form);
    setVersion(fresh.version);
    setNotice(null);
  });
  const edit = (next: FormDefinition) => {
    setForm(next);
    setNotice(null);
  };
  const submit = async (basedOnVersion?: number) => {
    conflicts.dismiss();
    try {
      const answer = await save({ form, version: basedOnVersion ?? version }).unwrap();
      setSaved(answer.form);
      setForm(answer.form);
      setVersion(answer.version);
      setNotice({ kind: 'success', text: 'Form saved. Pages that show it use it now.' });
    } catch (error) {
      if (conflicts.caught(error, (current) => submit(current))) return setNotice(null);
      setNotice({ kind: 'error', text: `${FORM_ERROR_MESSAGES.FORM_UPDATE_FAILED}: ${errorMessage(error, 'please try again.')}` });
    }
  };
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setTab(TABS[next]!.id);
    document.getElementById(`form-tab-${TABS[next]!.id}`)?.focus();
  };
  const text = (key: keyof FormDefinition, label: string, max: number, hint?: string, multiline = false) => (
    <Row id={`form-${key}`} label={label} hint={hint}>
      {(p) => (multiline
        ? <textarea {...p} rows={5} maxLength={max} value={String(form[key] ?? '')} onChange={(e) => edit({ ...form, [key]: e.target.value })} />
        : <input {...p} type="text" maxLength={max} value={String(form[key] ?? '')} onChange={(e) => edit({ ...form, [key]: e.target.value })} />)}
    </Row>
  );

  return (
    <form className="form-builder" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
      <PageHeader
        title={form.name || 'Form'}
        subtitle={<Link to={`/forms/${encodeURIComponent(form.id)}/submissions`}>Submissions</Link>}
        actions={
          <div className="ow-form-actions">
            <button type="button" className="ow-button" disabled={!dirty || saving.isLoading} onClick={() => { setForm(saved); setNotice(null); }}>Discard changes</button>
            <button type="submit" className="ow-button ow-primary" disabled={!dirty || saving.isLoading}>{saving.isLoading ? 'Saving…' : 'Save form'}</button>
          </div>
        }
      />
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <EditConflictNotice state={conflicts} />
      <div className="form-builder__tabs" role="tablist" aria-label="Form builder" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button key={t.id} type="button" role="tab" id={`form-tab-${t.id}`} aria-selected={tab === t.id} aria-controls={`form-panel-${t.id}`} tabIndex={tab === t.id ? 0 : -1} className="form-builder__tab" onClick={() => setTab(t.id)}>
            {t.label}
          </button>
        ))}
      </div>
      <section className="ow-panel-box form-builder__panel" role="tabpanel" id={`form-panel-${tab}`} aria-labelledby={`form-tab-${tab}`}>
        {tab === 'build' && (
          <>
            {text('name', 'Form name', FORM_LIMITS.formNameMax)}
            <BuildTab form={form} edit={edit} />
          </>
        )}
        {tab === 'storage' && (
          <>
            <Row id="form-notificationEmails" label="Email each submission to" hint={`Up to ${FORM_LIMITS.notificationEmailsMax} addresses, one per line.`}>
              {(p) => <textarea {...p} rows={3} value={form.storage.notificationEmails.join('\n')} onChange={(e) => edit({ ...form, storage: { ...form.storage, notificationEmails: optionsFromText(e.target.value) } })} />}
            </Row>
            <Row id="form-emailSubject" label="Email subject" hint="Empty: “New submission: ” and the form’s name.">
              {(p) => <input {...p} type="text" maxLength={FORM_LIMITS.emailSubjectMax} value={form.storage.emailSubject} onChange={(e) => edit({ ...form, storage: { ...form.storage, emailSubject: e.target.value } })} />}
            </Row>
            <Check id="form-addToMailingList" label="Add sign-ups to the mailing list" checked={form.storage.addToMailingList} onChange={(on) => edit({ ...form, storage: { ...form.storage, addToMailingList: on } })} />
          </>
        )}
        {tab === 'advanced' && (
          <>
            {text('submitButtonText', 'Submit button text', 100)}
            {text('parsedSubmissionMessage', 'Submission message (HTML)', FORM_LIMITS.htmlMax, 'Shown in place of the form once it is sent.', true)}
            {text('submissionHTML', 'Post-submit HTML', FORM_LIMITS.htmlMax, 'Shown instead of the message when set. Scripts and unsafe markup are removed.', true)}
            {text('successRedirect', 'Success redirect', 2000, 'A page to send the visitor to after submitting, such as /thank-you. Empty: stay on the page.')}
          </>
        )}
        {tab === 'captcha' && (
          <>
            <Choice id="form-captchaMethod" label="Bot check" value={form.captchaMethod} options={CAPTCHA_METHODS.map((m) => [m, m === 'none' ? 'None' : m === 'altcha' ? 'Proof of work (ALTCHA, no third party)' : 'reCAPTCHA Enterprise v3'])} onChange={(v) => edit({ ...form, captchaMethod: v as FormDefinition['captchaMethod'], captchaEnabled: v !== 'none' })} />
            <Choice id="form-captchaTheme" label="Theme" value={form.captchaTheme} options={CAPTCHA_THEMES.map((m) => [m, m === 'light' ? 'Light' : 'Dark'])} onChange={(v) => edit({ ...form, captchaTheme: v as FormDefinition['captchaTheme'] })} />
            <Choice id="form-captchaAlignment" label="Alignment" value={form.captchaAlignment} options={CAPTCHA_ALIGNMENTS.map((m) => [m, m[0]!.toUpperCase() + m.slice(1)])} onChange={(v) => edit({ ...form, captchaAlignment: v as FormDefinition['captchaAlignment'] })} />
          </>
        )}
        {tab === 'disclaimer' && text('parsedDisclaimerMessage', 'Disclaimer (HTML)', FORM_LIMITS.htmlMax, 'Shown under the fields, above the button.', true)}
      </section>
    </form>
  );
}

function BuildTab({ form, edit }: { form: FormDefinition; edit: (f: FormDefinition) => void }) {
  const [type, setType] = useState<FormFieldType>('text');
  const move = (index: number, by: -1 | 1, fromButton: boolean) => {
    edit(moveField(form, index, by));
    // A button press: the focus follows the field to the same button (Alt+arrows keep it where it is).
    if (fromButton) requestAnimationFrame(() => document.getElementById(`field-${index + by}-${by < 0 ? 'up' : 'down'}`)?.focus());
  };
  return (
    <>
      <ol className="form-builder__fields">
        {form.fields.map((field, index) => (
          <li key={field.id} className="form-builder__field" onKeyDown={(e) => {
            if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) { e.preventDefault(); move(index, e.key === 'ArrowUp' ? -1 : 1, false); }
          }}>
            <div className="form-builder__field-head">
              <strong>{FIELD_TYPE_LABELS[field.type]}</strong> <code>{field.id}</code>
              <span className="form-builder__field-actions">
                <button type="button" className="ow-button" id={`field-${index}-up`} disabled={index === 0} onClick={() => move(index, -1, true)} aria-label={`Move ${field.title || field.id} up`}>↑</button>
                <button type="button" className="ow-button" id={`field-${index}-down`} disabled={index === form.fields.length - 1} onClick={() => move(index, 1, true)} aria-label={`Move ${field.title || field.id} down`}>↓</button>
                <button type="button" className="ow-button" onClick={() => edit(removeField(form, index))} aria-label={`Remove ${field.title || field.id}`}>Remove</button>
              </span>
            </div>
            <FieldProperties field={field} index={index} onChange={(change) => edit(updateField(form, index, change))} />
          </li>
        ))}
      </ol>
      <div className="form-builder__add">
        <label htmlFor="form-add-type">Add a field</label>
        <select id="form-add-type" value={type} onChange={(e) => setType(e.target.value as FormFieldType)}>
          {FORM_FIELD_TYPES.map((t) => <option key={t} value={t}>{FIELD_TYPE_LABELS[t]}</option>)}
        </select>
        <button type="button" className="ow-button" disabled={form.fields.length >= FORM_LIMITS.fieldsPerForm} onClick={() => edit(addField(form, type))}>Add field</button>
      </div>
      <p className="ow-hint">Alt+↑ and Alt+↓ move the field you are in.</p>
    </>
  );
}

function FieldProperties({ field, index, onChange }: { field: FormField; index: number; onChange: (change: Record<string, unknown>) => void }) {
  const props = BUILDER_PROPERTIES[field.type];
  const v = field as Record<string, unknown> & FormField;
  const id = (p: string) => `field-${index}-${p}`;
  const str = (p: string, label: string, max: number) => (
    <Row id={id(p)} label={label}>{(a) => <input {...a} type="text" maxLength={max} value={String(v[p] ?? '')} onChange={(e) => onChange({ [p]: e.target.value })} />}</Row>
  );
  return (
    <div className="form-builder__props">
      {field.type !== 'hidden' && str('title', 'Title', FORM_LIMITS.titleMax)}
      {props.includes('description') && str('description', 'Description', FORM_LIMITS.descriptionMax)}
      {props.includes('placeholder') && str('placeholder', 'Placeholder', FORM_LIMITS.placeholderMax)}
      {props.includes('currencySymbol') && str('currencySymbol', 'Currency symbol', FORM_LIMITS.currencySymbolMax)}
      {props.includes('key') && str('key', 'Key', FORM_LIMITS.titleMax)}
      {props.includes('value') && str('value', 'Value', FORM_LIMITS.hiddenValueMax)}
      {props.includes('maxLength') && (
        <Row id={id('maxLength')} label="Character limit">
          {(a) => <input {...a} type="number" min={1} max={FORM_LIMITS.textareaMax} value={v.maxLength === undefined ? '' : String(v.maxLength)} onChange={(e) => onChange({ maxLength: e.target.value === '' ? undefined : Number(e.target.value) })} />}
        </Row>
      )}
      {props.includes('options') && (
        <Row id={id('options')} label={field.type === 'likert' ? 'Statements (one per line)' : 'Options (one per line)'}>
          {(a) => <textarea {...a} rows={4} defaultValue={((v.options as string[] | undefined) ?? []).join('\n')} onChange={(e) => onChange({ options: optionsFromText(e.target.value) })} />}
        </Row>
      )}
      {props.includes('required') && <Check id={id('required')} label="Required" checked={Boolean(v.required)} onChange={(on) => onChange({ required: on })} />}
      {props.includes('showCountryCode') && <Check id={id('showCountryCode')} label="Show country code" checked={Boolean(v.showCountryCode)} onChange={(on) => onChange({ showCountryCode: on })} />}
      {props.includes('underline') && <Check id={id('underline')} label="Underline" checked={Boolean(v.underline)} onChange={(on) => onChange({ underline: on })} />}
    </div>
  );
}

function Row({ id, label, hint, children }: { id: string; label: string; hint?: string; children: (p: { id: string; 'aria-describedby'?: string; className: string }) => ReactNode }) {
  return (
    <div className="ow-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, className: 'ow-input', 'aria-describedby': hint ? `${id}-hint` : undefined })}
      {hint && <p className="ow-hint" id={`${id}-hint`}>{hint}</p>}
    </div>
  );
}

function Check({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="ow-field ow-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function Choice({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: [string, string][]; onChange: (v: string) => void }) {
  return (
    <Row id={id} label={label}>
      {(p) => <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>{options.map(([k, l]) => <option key={k} value={k}>{l}</option>)}</select>}
    </Row>
  );
}

function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (n: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="forms-pager" aria-label="Pages">
      <button type="button" className="ow-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
      <span>Page {page} of {pages}</span>
      <button type="button" className="ow-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  );
}

export function FormSubmissionsScreen() {
  const { formId = '' } = useParams();
  const [page, setPage] = useState(1);
  const list = useListFormSubmissionsQuery({ formId, page });
  const [remove] = useDeleteFormSubmissionMutation();
  const { confirm } = useConfirm();
  const [problem, setProblem] = useState<string | null>(null);
  const onDelete = async (submissionId: string) => {
    if (!(await confirm({ title: 'Delete this submission?', message: 'It leaves the list and the CSV export. Its history is kept.', confirmLabel: 'Delete', danger: true }))) return;
    try {
      await remove({ formId, submissionId }).unwrap();
    } catch (error) {
      setProblem(errorMessage(error, 'Unable to delete the submission. Please try again.'));
    }
  };
  return (
    <>
      <PageHeader
        title="Submissions"
        subtitle={<Link to={`/forms/${encodeURIComponent(formId)}`}>Back to the form</Link>}
        actions={<a className="ow-button" href={submissionsCsvUrl(formId)} download>Download CSV</a>}
      />
      {problem && <Alert>{problem}</Alert>}
      {list.isLoading ? <Loading what="submissions" /> : list.isError || !list.data ? (
        <Alert>{errorMessage(list.error, FORM_ERROR_MESSAGES.FORM_OPEN_FAILED)}</Alert>
      ) : list.data.total === 0 ? (
        <p className="ow-panel-box">No submissions yet.</p>
      ) : (
        <>
          <ul className="forms-submissions">
            {list.data.submissions.map((s) => (
              <li key={s.id} className="ow-panel-box">
                <div className="forms-submissions__head">
                  <time dateTime={s.submittedAt}>{new Date(s.submittedAt).toLocaleString()}</time>
                  <button type="button" className="ow-button" onClick={() => void onDelete(s.id)}>Delete<span className="visually-hidden"> the submission of {new Date(s.submittedAt).toLocaleString()}</span></button>
                </div>
                <dl>
                  {s.answers.filter((a) => a.text !== '').map((a) => (
                    <div key={a.fieldId}><dt>{a.title}</dt><dd>{a.text}</dd></div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}

export function MailingListScreen() {
  const [page, setPage] = useState(1);
  const list = useListMailingListQuery(page);
  return (
    <>
      <PageHeader title="Mailing list" subtitle={<Link to="/forms">Back to forms</Link>} />
      {list.isLoading ? <Loading what="mailing list" /> : list.isError || !list.data ? (
        <Alert>{errorMessage(list.error, 'Unable to load the mailing list. Please reload the page.')}</Alert>
      ) : list.data.total === 0 ? (
        <p className="ow-panel-box">No sign-ups yet.</p>
      ) : (
        <>
          <table className="ow-table forms-table">
            <thead><tr><th scope="col">Email</th><th scope="col">Name</th><th scope="col">Signed up</th></tr></thead>
            <tbody>
              {list.data.entries.map((e) => (
                <tr key={e.email}><td>{e.email}</td><td>{e.name}</td><td><time dateTime={e.signedUpAt}>{new Date(e.signedUpAt).toLocaleDateString()}</time></td></tr>
              ))}
            </tbody>
          </table>
          <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
