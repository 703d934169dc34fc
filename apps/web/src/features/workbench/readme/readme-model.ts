import type { PacketState, TPacket, TPacketOutlineNode, TReadmeItem } from '@dossier/contract';
import { WORKBENCH_TABS, type WorkbenchTab } from '@dossier/contract';
import type { Program } from '../../programs/program-data.ts';
import { tabPath } from '../workbench-tabs.ts';

/** How often the print-file panel reads the packet again while a build is on its way (issue 14 §2). */
export const PACKET_POLL_MS = 1500;

/** A build is queued or running: poll, show the progress bar, offer no Generate. */
export function isBuilding(state: PacketState): boolean {
  return state === 'queued' || state === 'generating';
}

/** React Query's refetchInterval for the packet: every PACKET_POLL_MS while building, otherwise not at all. */
export function packetPollInterval(packet: TPacket | undefined): number | false {
  return packet && isBuilding(packet.state) ? PACKET_POLL_MS : false;
}

/**
 * Where a checklist item (or a damaged file) is fixed: the workbench tab, narrowed by its target when the tab
 * takes one (the Form tab opens a form's wizard: `?form=I-140`, at an item for `I-140/p4.1`: `&item=p4.1`;
 * other tabs get `?target=` to scroll to). An unknown tab falls back to the workbench's landing tab rather than a
 * broken link.
 */
export function fixLink(program: Program, item: Pick<TReadmeItem, 'tab' | 'target'>): string {
  const tab = (WORKBENCH_TABS as readonly string[]).includes(item.tab)
    ? (item.tab as WorkbenchTab)
    : 'schedule';
  const path = tabPath(program, tab);
  if (!item.target) return path;
  if (tab !== 'form') return `${path}?${new URLSearchParams({ target: item.target }).toString()}`;
  // NIW's signed ETA-9089 (decision 0060): the Form tab's ETA-9089 page.
  if (item.target === 'eta9089') return `${path}?view=eta9089`;
  const [form = '', field] = item.target.split('/');
  const query = new URLSearchParams({ form, ...(field ? { item: field } : {}) });
  return `${path}?${query.toString()}`;
}

/** What the print-file panel offers for a packet state. */
export type PacketAction = 'generate' | 'wait' | 'download' | 'regenerate';

export function packetAction(packet: TPacket): PacketAction {
  switch (packet.state) {
    case 'none':
      return 'generate';
    case 'queued':
    case 'generating':
      return 'wait';
    case 'ready':
      return 'download';
    case 'stale':
    case 'failed':
      return packet.file ? 'regenerate' : 'generate';
  }
}

/** The outline flattened in reading order with its depth, for a side panel of buttons. */
export interface OutlineEntry {
  key: string;
  title: string;
  page: number;
  depth: number;
}

export function flattenOutline(nodes: TPacketOutlineNode[], depth = 0, prefix = ''): OutlineEntry[] {
  return nodes.flatMap((node, i) => {
    const key = `${prefix}${i}`;
    return [
      { key, title: node.title, page: node.page, depth },
      ...flattenOutline(node.children, depth + 1, `${key}.`),
    ];
  });
}

/** The outline entry a page belongs to (the last one starting at or before it), to highlight while reading. */
export function currentEntry(entries: OutlineEntry[], page: number): OutlineEntry | null {
  let found: OutlineEntry | null = null;
  for (const e of entries) if (e.page <= page && (!found || e.page >= found.page)) found = e;
  return found;
}
