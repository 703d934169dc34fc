import type { CaseForm } from '@dossier/contract';
import { CASE_FORMS } from '@dossier/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { Eta9089Screen } from '../eta9089/eta9089-screen.tsx';
import { ProfileScreen } from '../profile/profile-screen.tsx';
import { FormInstructions } from './form-instructions.tsx';
import { FormWizardScreen } from './form-wizard-screen.tsx';
import { FormsOverview } from './forms-overview.tsx';

const isCaseForm = (v: string | null): v is CaseForm =>
  (CASE_FORMS as readonly (string | null)[]).includes(v);
/** "Know It" hides the instructions for this visit (this tab's session); "No Further Reminders" for good. */
const SEEN_KEY = 'dossier.form-instructions-seen';

function seen(): boolean {
  try {
    return sessionStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The Form tab. The screen is in the query string (`?form=I-140&part=p3`, `?view=profile`, `?view=eta9089`),
 * so a reload or a shared link opens the same screen and the same part of a wizard.
 */
export function FormTab() {
  const [params, setParams] = useSearchParams();
  const { summary } = useWorkbenchCase();
  const [acknowledged, setAcknowledged] = useState(seen);
  const form = params.get('form');
  const view = params.get('view');

  if (isCaseForm(form)) return <FormWizardScreen formNumber={form} />;
  if (view === 'profile') return <ProfileScreen />;
  if (view === 'eta9089') return <Eta9089Screen />;
  const remind = !summary.preferences.form_instructions_hidden && !acknowledged;
  if (view === 'instructions' || remind) {
    const close = () => {
      try {
        sessionStorage.setItem(SEEN_KEY, '1');
      } catch {
        // Without storage the instructions show again next time: harmless.
      }
      setAcknowledged(true);
      if (view) setParams({});
    };
    return <FormInstructions onClose={close} />;
  }
  return <FormsOverview />;
}
