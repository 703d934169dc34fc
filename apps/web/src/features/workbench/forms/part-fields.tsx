import type { Locale, TFormValues, TPaymentDue } from '@dossier/contract';
import { formatUsd } from '@dossier/contract';
import type { FormDefinition, Item, Part } from '@dossier/forms';
import { isRequired } from '@dossier/forms';
import { Alert, Button, Form, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './field-input.tsx';
import type { Answer } from './wizard-model.ts';
import { rowOf, shownItems } from './wizard-model.ts';

/** Everything the fields of a part read and write; the wizard and the profile screen both provide one. */
export interface FieldsContext {
  def: FormDefinition;
  locale: Locale;
  values: TFormValues;
  overrides: readonly string[];
  /** Item → profile value it shares (empty for the profile itself). */
  bound: Readonly<Record<string, string>>;
  issues: ReadonlyMap<string, string>;
  /** Items whose issue is a warning only: shown at the field, not in red (decision 0056). */
  warnings?: ReadonlySet<string>;
  /** Answers the case decides (I-140 Part 2 item 1). */
  fixed: TFormValues;
  /** Items the server computes (a payment form's authorised amount). */
  computed: readonly string[];
  payments: readonly TPaymentDue[];
  /** The day the fee table was checked (shown with the amounts). */
  feesChecked: string;
  disabled: boolean;
  onAnswer: (itemId: string, value: Answer | undefined) => void;
  onOverride: (itemId: string, override: boolean) => void;
}

/** `wizard-p1.1a`: the DOM id of an item's input (labels point at it, errors scroll to it). */
export const fieldId = (itemId: string) => `wizard-${itemId.replace(/\./g, '-')}`;

/** Inputs that need the whole width (long choices, text areas, notes); the others sit side by side. */
const WIDE = new Set(['textarea', 'radio', 'yes_no', 'checkbox', 'signature']);
const fieldClass = (item: Item) =>
  WIDE.has(item.type) ? 'wizard__field wizard__field--wide' : 'wizard__field';

type Block = { kind: 'item'; item: Item } | { kind: 'row'; index: number; items: Item[] };

function blocksOf(part: Part, items: readonly Item[]): Block[] {
  const blocks: Block[] = [];
  for (const item of items) {
    const index = rowOf(part, item.id);
    if (index < 0) {
      blocks.push({ kind: 'item', item });
      continue;
    }
    const last = blocks.at(-1);
    if (last?.kind === 'row' && last.index === index) last.items.push(item);
    else blocks.push({ kind: 'row', index, items: [item] });
  }
  return blocks;
}

/**
 * The items of one part as they are visible now, generated from the definition: labels, help, the input of
 * each type, conditions, repeating rows ("Add another"), profile sources and the issue on each field.
 */
export function PartFields(props: {
  part: Part;
  ctx: FieldsContext;
  rows: number;
  onAddRow?: () => void;
  onRemoveRow?: (index: number) => void;
}) {
  const { t } = useTranslation('forms');
  const { part, ctx, rows } = props;
  const items = shownItems(ctx.def, part, ctx.values, rows);
  const total = part.repeat?.rows.length ?? 0;
  const rowLabel = part.repeat?.label[ctx.locale] ?? '';
  return (
    <Form layout="vertical" className="wizard__fields" component="div">
      {blocksOf(part, items).map((block) =>
        block.kind === 'item' ? (
          <FormField key={block.item.id} item={block.item} ctx={ctx} />
        ) : (
          <fieldset key={`row-${block.index}`} className="wizard__row" data-testid={`row-${block.index + 1}`}>
            <legend>{t('wizard.row', { label: rowLabel, n: block.index + 1 })}</legend>
            {block.items.map((item) => (
              <FormField key={item.id} item={item} ctx={ctx} />
            ))}
            {block.index > 0 && block.index === rows - 1 && props.onRemoveRow && !ctx.disabled && (
              <Button size="small" onClick={() => props.onRemoveRow?.(block.index)}>
                {t('wizard.remove_row', { label: rowLabel })}
              </Button>
            )}
          </fieldset>
        ),
      )}
      {part.repeat && rows < total && props.onAddRow && !ctx.disabled && (
        <Button onClick={props.onAddRow} className="wizard__add-row">
          {t('wizard.add_row', { label: rowLabel, left: total - rows })}
        </Button>
      )}
    </Form>
  );
}

const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

function FormField({ item, ctx }: { item: Item; ctx: FieldsContext }) {
  const { t } = useTranslation('forms');
  const label = `${item.number ? `${item.number} ` : ''}${item.label[ctx.locale]}`;
  const issue = ctx.issues.get(item.id);
  const warning = issue !== undefined && ctx.warnings?.has(item.id) === true;
  const help = item.help?.[ctx.locale];

  if (item.type === 'signature') {
    return (
      <div className={`${fieldClass(item)} wizard__signature`} data-testid={`field-${item.id}`}>
        <Typography.Text strong>{label}</Typography.Text>
        <Alert type="info" showIcon title={t('sign_by_hand')} />
      </div>
    );
  }
  if (ctx.computed.includes(item.id)) {
    return (
      <div className="wizard__field wizard__field--wide" data-testid={`field-${item.id}`}>
        <Form.Item
          label={label}
          extra={`${t('computed_amount')} ${t('fees.checked', { date: ctx.feesChecked })}`}
        >
          <ul className="wizard__computed">
            {ctx.payments.map((p) => (
              <li key={p.key}>
                {p.keys.map((k) => t(`fees.${k}`)).join(' + ')}: <strong>{formatUsd(p.amount_cents)}</strong>
              </li>
            ))}
          </ul>
        </Form.Item>
      </div>
    );
  }

  const fixed = item.id in ctx.fixed;
  const source = item.id in ctx.bound ? (ctx.overrides.includes(item.id) ? 'override' : 'profile') : null;
  // "From your profile" only under a value that came from it (issue 29 item 6): an empty field says nothing.
  const fromProfile = source === 'profile' && !isBlank(ctx.values[item.id]);
  const id = fieldId(item.id);
  return (
    <div className={fieldClass(item)} data-testid={`field-${item.id}`}>
      <Form.Item
        label={item.type === 'checkbox' ? undefined : label}
        htmlFor={id}
        required={isRequired(ctx.def, item, ctx.values)}
        validateStatus={issue ? (warning ? 'warning' : 'error') : undefined}
        help={issue}
        extra={
          <>
            {help && <span className="wizard__help">{help}</span>}
            {fixed && <span className="wizard__help">{t('wizard.fixed')}</span>}
            {source && (
              <span className="wizard__source" data-testid={`source-${item.id}`}>
                {source === 'override' && <Tag color="orange">{t('sources.override')}</Tag>}
                {fromProfile && <Tag color="blue">{t('sources.profile')}</Tag>}
                {!ctx.disabled && (
                  <Button
                    type="link"
                    size="small"
                    className="wizard__source-action"
                    onClick={() => ctx.onOverride(item.id, source === 'profile')}
                  >
                    {t(source === 'profile' ? 'sources.override_action' : 'sources.use_profile_action')}
                  </Button>
                )}
              </span>
            )}
          </>
        }
      >
        <FieldInput
          id={id}
          item={item}
          value={ctx.values[item.id]}
          onChange={(v) => ctx.onAnswer(item.id, v)}
          disabled={ctx.disabled || fixed}
          locale={ctx.locale}
          invalid={Boolean(issue) && !warning}
        />
      </Form.Item>
    </div>
  );
}
