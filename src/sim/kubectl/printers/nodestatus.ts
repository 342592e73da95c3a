/**
 * The STATUS column of `kubectl get nodes`: Ready / NotReady / Unknown, plus SchedulingDisabled.
 * Its own small module so the page's map can use it without the table printers.
 * upstream: pkg/printers/internalversion/printers.go printNode
 */
export function nodeStatus(node: any): string {
  const status: string[] = [];
  const conds: any[] = node?.status?.conditions ?? [];
  let ready: any;
  for (const c of conds) if (c?.type === 'Ready') ready = c;
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (status.length === 0) status.push('Unknown');
  if (node?.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}
