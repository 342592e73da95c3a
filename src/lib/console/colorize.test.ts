import { describe, expect, it } from 'vitest';
import { colorize, flatten, headerOf, lastLines, statusTone, tableHeader, type Line } from './colorize';

/** The toned words of each line, as `tone:text`. */
const toned = (lines: Line[]) => lines.map((l) => l.filter((s) => s.tone).map((s) => `${s.tone}:${s.text}`));

const PODS = `NAME                   READY   STATUS             RESTARTS      AGE
web-7c9f-x2k9q         1/1     Running            0             5m
web-7c9f-zz81m         0/1     CrashLoopBackOff   3 (20s ago)   5m
db-0                   0/1     Pending            0             10s
init-demo              0/1     Init:0/1           0             10s
big                    0/1     OOMKilled          1 (1s ago)    2m
gone                   0/1     Evicted            0             9m
job-x                  0/1     Completed          0             9m`;

describe('colorize', () => {
  it('colours a pod table: header, STATUS by meaning, short READY, restarts', () => {
    expect(toned(colorize(PODS))).toEqual([
      ['header:NAME                   READY   STATUS             RESTARTS      AGE'],
      ['ok:Running'],
      ['warn:0/1', 'bad:CrashLoopBackOff', 'warn:3 (20s ago)'],
      ['warn:0/1', 'warn:Pending'],
      ['warn:0/1', 'warn:Init:0/1'],
      ['warn:0/1', 'bad:OOMKilled', 'warn:1 (1s ago)'],
      ['warn:0/1', 'bad:Evicted'],
      ['warn:0/1', 'done:Completed']
    ]);
  });

  it('gives every line back unchanged when its spans are joined', () => {
    const text = PODS + '\n\nerror: the server does not have a resource type "foo"\n';
    expect(colorize(text).map((l) => l.map((s) => s.text).join('')).join('\n')).toBe(text);
  });

  it('colours node conditions, composite ones by their worst part', () => {
    const nodes = `NAME            STATUS                     ROLES           AGE   VERSION
control-plane   Ready                      control-plane   10m   v1.32.0
worker-1        Ready,SchedulingDisabled   <none>          10m   v1.32.0
worker-2        NotReady                   <none>          10m   v1.32.0`;
    expect(toned(colorize(nodes)).slice(1)).toEqual([['ok:Ready'], ['warn:Ready,SchedulingDisabled', 'muted:<none>'], ['bad:NotReady', 'muted:<none>']]);
  });

  it('colours Warning events and their reason, not Normal ones', () => {
    const events = `LAST SEEN   TYPE      REASON      OBJECT        MESSAGE
10s         Normal    Scheduled   pod/web-1     Successfully assigned default/web-1 to worker-1
3s          Warning   BackOff     pod/web-2     Back-off restarting failed container app in pod web-2_default(uid)`;
    expect(toned(colorize(events))).toEqual([['header:LAST SEEN   TYPE      REASON      OBJECT        MESSAGE'], [], ['warn:Warning', 'warn:BackOff']]);
  });

  it('colours error and warning lines whole', () => {
    const text = 'Error from server (NotFound): pods "x" not found\nerror: unknown command "foo" for "kubectl"\nWarning: spec.template... deprecated\nplain';
    expect(toned(colorize(text))).toEqual([['bad:Error from server (NotFound): pods "x" not found'], ['bad:error: unknown command "foo" for "kubectl"'], ['warn:Warning: spec.template... deprecated'], []]);
  });

  it('uses the header printed earlier for streamed rows (get -w)', () => {
    const header = headerOf(PODS + '\n');
    expect(header).toBe(PODS.split('\n')[0]);
    expect(toned(colorize('web-7c9f-x2k9q         0/1     Terminating        0             6m\n', header))).toEqual([['warn:0/1', 'warn:Terminating'], []]);
  });

  it('leaves text that is no table alone', () => {
    expect(toned(colorize('pod/web created\nNAME: is not a header\nRunning is only a word here'))).toEqual([[], [], []]);
  });

  it('falls back to the header offsets when a cell is empty', () => {
    const text = 'NAME   TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE\nweb    ClusterIP   10.96.0.10                 80/TCP    5s';
    // TYPE is a Service type here, not an event type: no tone, and no crash on the empty cell.
    expect(toned(colorize(text))[1]).toEqual([]);
  });
});

describe('tableHeader', () => {
  const cases: [string, string, string[] | undefined][] = [
    ['kubectl get pods', 'NAME   READY   STATUS    RESTARTS   AGE', ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE']],
    ['two-word columns', 'LAST SEEN   TYPE   NOMINATED NODE', ['LAST SEEN', 'TYPE', 'NOMINATED NODE']],
    ['kubectl top', 'NAME   CPU(cores)   MEMORY(bytes)', ['NAME', 'CPU(cores)', 'MEMORY(bytes)']],
    ['one column is not a table', 'NAME', undefined],
    ['describe is not a table', 'Name:         web', undefined],
    ['rows are not headers', 'web-1   1/1   Running', undefined]
  ];
  for (const [name, line, want] of cases) it(name, () => expect(tableHeader(line)?.map((c) => c.name)).toEqual(want));
});

describe('statusTone', () => {
  const cases: [string, string | undefined][] = [
    ['Running', 'ok'],
    ['ContainerCreating', 'warn'],
    ['Init:CrashLoopBackOff', 'bad'],
    ['Init:1/2', 'warn'],
    ['Signal:9', 'bad'],
    ['Ready,SchedulingDisabled', 'warn'],
    ['NotReady,SchedulingDisabled', 'bad'],
    ['Whatever', undefined]
  ];
  for (const [cell, want] of cases) it(cell, () => expect(statusTone(cell)).toBe(want));
});

describe('flatten', () => {
  it('merges plain text across lines and keeps toned spans apart', () => {
    const text = 'NAME   STATUS\nweb    Running\ndb     Pending\n\nplain\nmore';
    const spans = flatten(colorize(text));
    expect(spans.map((s) => s.text).join('')).toBe(text);
    expect(spans).toEqual([
      { text: 'NAME   STATUS', tone: 'header' },
      { text: '\nweb    ' },
      { text: 'Running', tone: 'ok' },
      { text: '\ndb     ' },
      { text: 'Pending', tone: 'warn' },
      { text: '\n\nplain\nmore' }
    ]);
  });
});

describe('lastLines', () => {
  const cases: [string, string, number, { text: string; dropped: number }][] = [
    ['shorter than the limit', 'a\nb\n', 3, { text: 'a\nb\n', dropped: 0 }],
    ['exactly the limit', 'a\nb\nc\n', 3, { text: 'a\nb\nc\n', dropped: 0 }],
    ['the tail', 'a\nb\nc\nd\n', 2, { text: 'c\nd\n', dropped: 2 }],
    ['no trailing newline', 'a\nb\nc', 2, { text: 'b\nc', dropped: 1 }]
  ];
  for (const [name, text, max, want] of cases) it(name, () => expect(lastLines(text, max)).toEqual(want));
});
