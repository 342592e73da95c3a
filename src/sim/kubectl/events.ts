/**
 * `kubectl events [--for TYPE/NAME] [--types=Warning] [-A] [-w]`: the namespace's events sorted by
 * time, LAST SEEN as `2m (x4 over 5m)` and OBJECT as `Pod/web` (Kind, not the resource).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/events/events.go (Validate, Run, runWatch,
 * SortableEvents, eventTime, decodeResourceTypeName), event_printer.go (printOneEvent,
 * getInterval, printHeadings).
 */
import { epochNow, fail, failStatus, OUTPUT_FLAGS, type CommandSpec } from './command';
import { resolveResource } from '../api/resources';
import { checkOutputFormat, printObjects } from './output';
import { parseTimestamp, translateTimestampSince } from './printers/duration';
import { formatKubectlTable } from './printers/tabwriter';
import type { KObject } from '../apiserver/store';

/** event_printer.go getInterval. */
function interval(e: KObject, now: number): string {
  const first = e.eventTime ? translateTimestampSince(e.eventTime, now) : translateTimestampSince(e.firstTimestamp, now);
  if (e.series) return `${translateTimestampSince(e.series.lastObservedTime, now)} (x${e.series.count} over ${first})`;
  if ((e.count ?? 0) > 1) return `${translateTimestampSince(e.lastTimestamp, now)} (x${e.count} over ${first})`;
  return first;
}

/** events.go eventTime: what the list is sorted by. */
function eventTime(e: KObject): number {
  return parseTimestamp(e.series?.lastObservedTime) ?? parseTimestamp(e.lastTimestamp) ?? parseTimestamp(e.eventTime) ?? 0;
}

function row(e: KObject, now: number, allNamespaces: boolean): string {
  const io = e.involvedObject ?? {};
  return `${allNamespaces ? `${e.metadata.namespace}\t` : ''}${interval(e, now)}\t${e.type ?? ''}\t${e.reason ?? ''}\t${io.kind ?? ''}/${io.name ?? ''}\t${String(e.message ?? '').trim()}\n`;
}

const header = (allNamespaces: boolean) => `${allNamespaces ? 'NAMESPACE\t' : ''}LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE\n`;

export const eventsCommand: CommandSpec = {
  name: 'events',
  long: 'Display events.\n\n Prints a table of the most important information about events. You can request events for a namespace, for all namespace, or filtered to only those pertaining to a specified resource.',
  short: 'List events',
  use: 'events [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file] [--for TYPE/NAME] [--watch] [--types=Normal,Warning]',
  flags: [
    { name: 'all-namespaces', short: 'A', type: 'bool' },
    { name: 'chunk-size', type: 'int', def: 500 },
    { name: 'for', type: 'string' },
    { name: 'no-headers', type: 'bool' },
    ...OUTPUT_FLAGS,
    { name: 'types', type: 'stringSlice' },
    { name: 'watch', short: 'w', type: 'bool' }
  ],
  async run(inv) {
    const { flags, out, ctx } = inv;
    const allNamespaces = flags.bool('all-namespaces');
    const types = flags.list('types');
    // events.go Validate.
    for (const t of types) if (t.toLowerCase() !== 'normal' && t.toLowerCase() !== 'warning') fail('valid --types are Normal or Warning');
    const format = flags.str('output');
    if (format) checkOutputFormat(format, ['json', 'yaml', 'name', 'jsonpath', 'jsonpath-as-json', 'go-template', 'template']);
    let fieldSelector: string | undefined;
    const forObject = flags.str('for');
    if (forObject) {
      // decodeResourceTypeName: TYPE/NAME, the kind and apiVersion from the type.
      if (!forObject.includes('/')) fail('--for must be in resource/name form');
      const seg = forObject.split('/');
      if (seg.length !== 2) fail('arguments in resource/name form may not have more than one slash');
      const r = resolveResource(seg[0]);
      if (!r) fail(`the server doesn't have a resource type "${seg[0]}"`);
      fieldSelector = `involvedObject.kind=${r.kind},involvedObject.apiVersion=${r.group ? `${r.group}/${r.version}` : r.version},involvedObject.name=${seg[1]}`;
    }
    const wanted = (e: KObject) => types.length === 0 || types.some((t) => t.toLowerCase() === String(e.type ?? '').toLowerCase());
    const namespace = allNamespaces ? undefined : inv.namespace;
    const now = () => epochNow(ctx);

    if (flags.bool('watch')) {
      if (!ctx.watch) fail('--watch is not supported here');
      let headed = flags.bool('no-headers');
      ctx.watch(
        { verb: 'watch', resource: 'events', namespace, fieldSelector },
        (ev) => {
          // Events are deleted after an hour: runWatch does not print that.
          if (ev.type === 'DELETED' || ev.type === 'BOOKMARK' || ev.type === 'ERROR' || !wanted(ev.object)) return;
          const text = (headed ? '' : header(allNamespaces)) + row(ev.object, now(), allNamespaces);
          headed = true;
          ctx.print?.(formatKubectlTable(text));
        },
        (s) => ctx.print?.(`error: ${s.message}\n`)
      );
      return;
    }

    const res = await ctx.request({ verb: 'list', resource: 'events', namespace, fieldSelector });
    if (!res.ok) return failStatus(res.status);
    const items = (res.object.items as KObject[]).filter(wanted);
    if (items.length === 0) {
      out.err(allNamespaces ? 'No events found.\n' : `No events found in ${inv.namespace} namespace.\n`);
      return;
    }
    // sort.Sort is not stable: equal times keep the list's order here (the store's, by name).
    items.sort((a, b) => eventTime(a) - eventTime(b));
    if (format) {
      const list = { apiVersion: 'v1', kind: 'EventList', metadata: { resourceVersion: res.object.metadata?.resourceVersion ?? '' }, items };
      out.out(format === 'name' ? printObjects(inv, items, false) : printObjects(inv, [list], true));
      return;
    }
    const t = now();
    let text = flags.bool('no-headers') ? '' : header(allNamespaces);
    for (const e of items) text += row(e, t, allNamespaces);
    out.out(formatKubectlTable(text));
  }
};
