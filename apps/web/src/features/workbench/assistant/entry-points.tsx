import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssistantButton, AssistantDrawer } from './assistant-drawer.tsx';

/**
 * "Explain this finding" on an RFE finding card (issue 33 item 5): what the officer asks and the evidence that
 * answers it; an accepted paragraph goes to the end of the response letter.
 */
export function ExplainFinding({ rfeId, findingId }: { rfeId: number; findingId: number }) {
  const { t } = useTranslation('assistant');
  const [shown, setShown] = useState(false);
  return (
    <>
      <AssistantButton
        size="small"
        label={t('ui.explain_finding')}
        onClick={() => setShown(true)}
        testId="assistant-explain"
      />
      {shown && (
        <AssistantDrawer
          title={t('ui.explain_finding')}
          onClose={() => setShown(false)}
          matches={(x) => x.task === 'explain_finding' && x.rfe_id === rfeId && x.finding_id === findingId}
          autoStart={{ task: 'explain_finding', rfe_id: rfeId, finding_id: findingId }}
        />
      )}
    </>
  );
}

/**
 * "Outline a letter" on a recommender (issue 33 item 5): an outline from the recommender's record, checked by the
 * "read alike" rule against the other letters. Nothing is written: the outline is the customer's to send on.
 */
export function OutlineLetter({ letterId }: { letterId: number }) {
  const { t } = useTranslation('assistant');
  const [shown, setShown] = useState(false);
  return (
    <>
      <AssistantButton
        size="small"
        label={t('ui.outline_letter')}
        onClick={() => setShown(true)}
        testId="assistant-outline"
      />
      {shown && (
        <AssistantDrawer
          title={t('ui.outline_letter')}
          onClose={() => setShown(false)}
          matches={(x) => x.task === 'outline_letter' && x.letter_id === letterId}
          autoStart={{ task: 'outline_letter', letter_id: letterId }}
          acceptLabel={t('ui.keep_outline')}
        />
      )}
    </>
  );
}
