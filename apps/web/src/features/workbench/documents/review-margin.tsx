import { ExclamationOutlined } from '@ant-design/icons';
import { type DocumentKind, type TReviewFinding, ZReview } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { Button, Popover } from 'antd';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../api/client.ts';
import { clientPath } from '../../../api/workbench.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { tabPath } from '../workbench-tabs.ts';

/** The case review's query (GET …/review/): the editor refetches it after each save. */
export const reviewQueryKey = (caseId: number) => ['review', caseId] as const;

/** Paragraph (1-based, page breaks not counted, as the checklist counts) → the review's findings placed there. */
export type MarginMarks = ReadonlyMap<number, readonly TReviewFinding[]>;

/**
 * The review's findings placed on paragraphs of this document (`petition_letter#12`: unsupported paragraphs,
 * pins to check), read from GET …/review/ (issue 31 item 2, decision 0073). Findings marked intended are left out.
 */
export function useMarginMarks(caseId: number, kind: DocumentKind): MarginMarks {
  const query = useQuery({
    queryKey: reviewQueryKey(caseId),
    queryFn: ({ signal }) =>
      api.get(clientPath(`/api/customer/case/${caseId}/review/`), { signal, schema: ZReview }),
    refetchOnWindowFocus: false,
  });
  return useMemo(() => {
    const marks = new Map<number, TReviewFinding[]>();
    const pattern = new RegExp(`^${kind}#(\\d+)$`);
    for (const f of query.data?.findings ?? []) {
      if (f.intended) continue;
      for (const p of f.places) {
        const n = Number(pattern.exec(p.target ?? '')?.[1]);
        if (!Number.isInteger(n) || n < 1) continue;
        const list = marks.get(n);
        if (!list) marks.set(n, [f]);
        else if (!list.includes(f)) list.push(f);
      }
    }
    return marks;
  }, [query.data, kind]);
}

const sameTops = (a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>) =>
  a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

/**
 * The editor's margin: a mark beside each paragraph the review has a note on, its notes' titles on hover, focus
 * or tap. The marks sit over the editor's right padding (beside the paragraph on a phone too) and are positioned
 * from the paragraphs' boxes, measured once a frame after an edit or a resize: the document itself is never
 * re-rendered for them (ProseMirror owns its DOM).
 */
export function ReviewMargin(props: {
  editor: Editor | null;
  marks: MarginMarks;
  host: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('workbench');
  const { program } = useWorkbenchCase();
  const { editor, marks, host } = props;
  const [tops, setTops] = useState<ReadonlyMap<number, number>>(new Map());
  // The note of one mark at a time. A press always opens it: the press's focus (or the pointer's hover) has
  // opened it a moment before, and the popover's own click would close it again (seen without animations).
  const [openMark, setOpenMark] = useState<number | null>(null);
  useEffect(() => {
    const box = host.current;
    if (!editor || !box || marks.size === 0) {
      setTops((prev) => (prev.size === 0 ? prev : new Map()));
      return;
    }
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (editor.isDestroyed) return;
        const origin = box.getBoundingClientRect().top;
        const next = new Map<number, number>();
        let n = 0;
        editor.state.doc.forEach((node, offset) => {
          if (node.type.name === 'pageBreak') return;
          n++;
          if (!marks.has(n)) return;
          const dom = editor.view.nodeDOM(offset);
          if (dom instanceof HTMLElement) next.set(n, Math.round(dom.getBoundingClientRect().top - origin));
        });
        setTops((prev) => (sameTops(prev, next) ? prev : next));
      });
    };
    measure();
    editor.on('update', measure);
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    return () => {
      cancelAnimationFrame(frame);
      editor.off('update', measure);
      resized.disconnect();
    };
  }, [editor, marks, host]);

  return (
    <>
      {[...tops].map(([n, top]) => {
        const findings = marks.get(n) ?? [];
        const severity = findings.some((f) => f.severity === 'block') ? 'block' : 'warn';
        const titles = findings.map((f) => f.title);
        return (
          <Popover
            key={n}
            trigger={['hover', 'focus', 'click']}
            open={openMark === n}
            onOpenChange={(open) => setOpenMark((was) => (open ? n : was === n ? null : was))}
            title={t('margin.popover_title', { n })}
            content={
              <div className="doc-margin__notes">
                <ul>
                  {findings.map((f) => (
                    <li key={f.key}>{f.title}</li>
                  ))}
                </ul>
                <Link to={tabPath(program, 'readMe')}>{t('margin.open_readme')}</Link>
              </div>
            }
          >
            <Button
              size="small"
              shape="circle"
              className={`doc-margin__mark doc-margin__mark--${severity}`}
              style={{ top }}
              icon={<ExclamationOutlined aria-hidden />}
              aria-label={t('margin.marker', { n, titles: titles.join('; ') })}
              data-testid="margin-mark"
              onClick={() => setOpenMark(n)}
              data-paragraph={n}
              data-rules={[...new Set(findings.map((f) => f.rule))].join(' ')}
            />
          </Popover>
        );
      })}
    </>
  );
}
