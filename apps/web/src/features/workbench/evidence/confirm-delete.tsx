import type { TReference } from '@dossier/contract';
import { EvidenceErrorCode } from '@dossier/contract';
import type { App } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/client.ts';

/** The references a 409 `evidence_referenced` names (details.references), or null for another error. */
export function referencesOf(error: unknown): TReference[] | null {
  if (!(error instanceof ApiError) || error.code !== EvidenceErrorCode.referenced) return null;
  const details = error.body.details as { references?: TReference[] } | undefined;
  return details?.references ?? [];
}

/**
 * Delete with the spec's warning (§4): the first call is made without confirmation; when the server answers
 * that something references the row, a dialog names where and the delete is sent again with `confirm`.
 * Resolves true when the row was deleted.
 */
export async function deleteWithWarning(
  modal: ReturnType<typeof App.useApp>['modal'],
  t: TFunction,
  remove: (confirm: boolean) => Promise<unknown>,
): Promise<boolean> {
  try {
    await remove(false);
    return true;
  } catch (error) {
    const references = referencesOf(error);
    // Any other refusal was shown by the client already.
    if (references === null) return false;
    const msg = error instanceof ApiError ? error.message : '';
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('workbench:evidence.delete.referenced_title'),
        content: (
          <div data-testid="referenced-warning">
            <p>{msg}</p>
            <ul>
              {references.map((r) => (
                <li key={`${r.kind}-${r.id}`}>
                  {t(`workbench:evidence.delete.where.${r.kind}`, { label: r.label })}
                </li>
              ))}
            </ul>
            <p>{t('workbench:evidence.delete.referenced_hint')}</p>
          </div>
        ),
        okText: t('workbench:evidence.delete.anyway'),
        okButtonProps: { danger: true },
        cancelText: t('workbench:evidence.actions.cancel'),
        onOk: async () => {
          await remove(true);
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });
  }
}
