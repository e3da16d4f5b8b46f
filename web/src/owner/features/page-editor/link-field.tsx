import { linkFromInput, linkInputOf, linkKindOf, linkProblem, type LinkKind } from '@storefront/domain/site/link-editor';
import { useId, useState } from 'react';
import { SelectField, TextField } from './fields';

/** The pages a page link may point at, for the link editor's suggestions and check. */
export type PageChoice = { path: string; title: string };

const KIND_OPTIONS: readonly { value: LinkKind; label: string }[] = [
  { value: 'page', label: 'Page on this site' },
  { value: 'web', label: 'Web address' },
  { value: 'email', label: 'Email address' },
];

const KIND_FIELD: Record<LinkKind, { label: string; type: 'text' | 'url' | 'email'; placeholder: string }> = {
  page: { label: 'Page', type: 'text', placeholder: '/about' },
  web: { label: 'Web address', type: 'url', placeholder: 'https://www.example.com' },
  email: { label: 'Email address', type: 'email', placeholder: 'name@example.com' },
};

/**
 * The link editor (SPEC 2): a kind (page, web address, email) and the link itself, checked with
 * the domain's rules as it is typed (SPEC 5's messages). Every change is passed on, valid or not,
 * so the block shows what was typed; a save is refused while the link has a problem.
 */
export function LinkField({
  label, value, onChange, pages, hint,
}: {
  label: string;
  value: string;
  onChange: (link: string) => void;
  pages: readonly PageChoice[];
  hint?: string;
}) {
  const [kind, setKind] = useState<LinkKind>(() => (value ? linkKindOf(value) : 'page'));
  const [input, setInput] = useState(() => linkInputOf(value));
  const [touched, setTouched] = useState(false);
  const listId = useId();
  const problem = linkProblem(kind, input, pages.map((p) => p.path));
  const field = KIND_FIELD[kind];

  const change = (nextKind: LinkKind, nextInput: string) => {
    setKind(nextKind);
    setInput(nextInput);
    onChange(nextInput.trim() === '' ? '' : linkFromInput(nextKind, nextInput));
  };

  return (
    <fieldset className="pe-link-field">
      <legend>{label}</legend>
      {hint && <p className="ow-hint">{hint}</p>}
      <SelectField label="Link to" value={kind} options={KIND_OPTIONS} onChange={(k) => change(k, k === kind ? input : '')} />
      <TextField
        label={field.label}
        type={field.type}
        value={input}
        placeholder={field.placeholder}
        list={kind === 'page' ? listId : undefined}
        error={touched && input.trim() !== '' ? problem : null}
        onChange={(text) => {
          setTouched(true);
          change(kind, text);
        }}
        onBlur={() => setTouched(true)}
        hint={kind === 'page' ? 'Start typing a page address, or choose one of the suggestions.' : undefined}
      />
      {kind === 'page' && (
        <datalist id={listId}>
          {pages.map((p) => (
            <option key={p.path} value={p.path}>
              {p.title}
            </option>
          ))}
        </datalist>
      )}
    </fieldset>
  );
}
