import { CATALOG_LIMITS } from '@storefront/domain/catalog/product-validation';
import { useId, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { productEditorActions as act } from './product-editor-slice';
import { optionField, type DraftErrors, type DraftOption } from './product-draft';

/**
 * A product's options (Size, Colour…) and their values. Each change regenerates the variants:
 * a value adds a variant per combination, removing one removes its variants. Names and values are
 * committed when the field is left or Enter is pressed, so a half-typed rename never drops the
 * variants of the value being renamed.
 */
export function OptionsEditor({ options, errors, isGiftCard }: { options: DraftOption[]; errors: DraftErrors; isGiftCard: boolean }) {
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState('');
  const addId = useId();
  const full = options.length >= CATALOG_LIMITS.optionsPerProduct;

  const addOption = () => {
    const name = adding.trim() || (options.length === 0 ? 'Size' : '');
    if (name === '' || full) return;
    dispatch(act.optionAdded({ name, values: [] }));
    setAdding('');
  };

  return (
    <>
      <p className="pr-box-hint">
        {isGiftCard
          ? 'Each value of Amount is a denomination a customer can choose, such as $25; its price is set below.'
          : 'Add options such as Size or Colour; every combination of their values becomes a variant with its own SKU, price and stock.'}
      </p>
      {options.map((o, i) => (
        <OptionRow key={o.key} option={o} index={i} count={options.length} errors={errors} />
      ))}
      {errors.options && <p className="ow-field-error">{errors.options}</p>}
      {full ? (
        <p className="ow-hint">A product can have at most {CATALOG_LIMITS.optionsPerProduct} options.</p>
      ) : (
        <div className="pr-new-value">
          <label htmlFor={addId} className="pr-visually-hidden">
            New option name
          </label>
          <input
            id={addId}
            value={adding}
            placeholder={options.length === 0 ? 'Size' : 'Option name'}
            maxLength={CATALOG_LIMITS.optionTextMaxLength}
            onChange={(e) => setAdding(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addOption();
              }
            }}
          />
          <button type="button" className="ow-button pr-small" onClick={addOption}>
            Add option
          </button>
        </div>
      )}
    </>
  );
}

function OptionRow({ option, index, count, errors }: { option: DraftOption; index: number; count: number; errors: DraftErrors }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [name, setName] = useState<string | null>(null);
  const [newValue, setNewValue] = useState('');
  const nameError = errors[optionField(option.key, 'name')];
  const valuesError = errors[optionField(option.key, 'values')];
  const label = option.name || 'this option';

  const commitName = () => {
    if (name !== null && name.trim() !== option.name) dispatch(act.optionRenamed({ key: option.key, name: name.trim() }));
    setName(null);
  };
  const addValue = () => {
    const value = newValue.trim();
    if (value === '') return;
    if (option.values.includes(value)) return;
    dispatch(act.valueAdded({ key: option.key, value }));
    setNewValue('');
  };

  return (
    <div className="pr-option" role="group" aria-labelledby={`${id}-legend`}>
      <span id={`${id}-legend`} className="pr-visually-hidden">
        Option {index + 1}: {option.name}
      </span>
      <div className="pr-option-head">
        <div className="ow-field">
          <label htmlFor={`${id}-name`}>Option name</label>
          <input
            id={`${id}-name`}
            value={name ?? option.name}
            maxLength={CATALOG_LIMITS.optionTextMaxLength}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(e) => setName(e.target.value)}
            onBlur={commitName}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                commitName();
              }
            }}
          />
          {nameError && (
            <span id={`${id}-name-error`} className="ow-field-error">
              {nameError}
            </span>
          )}
        </div>
        <button type="button" className="ow-button pr-small" disabled={index === 0} onClick={() => dispatch(act.optionMoved({ key: option.key, by: -1 }))} aria-label={`Move ${label} up`}>
          ↑
        </button>
        <button type="button" className="ow-button pr-small" disabled={index === count - 1} onClick={() => dispatch(act.optionMoved({ key: option.key, by: 1 }))} aria-label={`Move ${label} down`}>
          ↓
        </button>
        <button type="button" className="ow-button pr-small" onClick={() => dispatch(act.optionRemoved(option.key))}>
          Remove option
        </button>
      </div>
      <ul className="pr-values" aria-label={`Values of ${label}`}>
        {option.values.map((value, i) => (
          <ValueChip key={`${i}:${value}`} optionKey={option.key} optionName={label} index={i} value={value} />
        ))}
        <li className="pr-new-value">
          <label htmlFor={`${id}-value`} className="pr-visually-hidden">
            New value of {label}
          </label>
          <input
            id={`${id}-value`}
            value={newValue}
            placeholder="Add a value"
            maxLength={CATALOG_LIMITS.optionTextMaxLength}
            aria-invalid={valuesError ? true : undefined}
            aria-describedby={valuesError ? `${id}-values-error` : undefined}
            onChange={(e) => setNewValue(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ',') {
                e.preventDefault();
                addValue();
              }
            }}
          />
          <button type="button" className="ow-button pr-small" onClick={addValue} disabled={newValue.trim() === ''}>
            Add value
          </button>
        </li>
      </ul>
      {valuesError && (
        <p id={`${id}-values-error`} className="ow-field-error">
          {valuesError}
        </p>
      )}
    </div>
  );
}

function ValueChip({ optionKey, optionName, index, value }: { optionKey: string; optionName: string; index: number; value: string }) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text !== null && text.trim() !== '' && text.trim() !== value) dispatch(act.valueRenamed({ key: optionKey, index, value: text.trim() }));
    setText(null);
  };
  return (
    <li className="pr-value">
      <input
        aria-label={`${optionName} value ${index + 1}`}
        value={text ?? value}
        size={Math.max(3, (text ?? value).length)}
        maxLength={CATALOG_LIMITS.optionTextMaxLength}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
          if (e.key === 'Escape') setText(null);
        }}
      />
      <button type="button" aria-label={`Remove ${value}`} onClick={() => dispatch(act.valueRemoved({ key: optionKey, index }))}>
        ×
      </button>
    </li>
  );
}
