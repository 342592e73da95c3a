/**
 * The editor's snippets, offered by completion: whole objects where a document starts (column 1),
 * container parts (probes, resources, volume mounts) and a pod volume when indented. Monaco
 * re-indents every line of a snippet to the line it is inserted on.
 */
export interface Snippet {
  label: string;
  detail: string;
  /** Monaco snippet syntax: `${1:default}` tab stops, `$0` the final cursor. */
  body: string;
  /** Where it makes sense: a new document, or inside one. */
  at: 'document' | 'nested';
}

export const SNIPPETS: readonly Snippet[] = [
  {
    label: 'Pod',
    detail: 'A Pod with one container',
    at: 'document',
    body: ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: ${1:hello}', 'spec:', '  containers:', '    - name: ${2:main}', '      image: ${3:nginx:1.27}', '      $0'].join('\n')
  },
  {
    label: 'Deployment',
    detail: 'A Deployment, its selector and pod template',
    at: 'document',
    body: [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: ${1:web}',
      'spec:',
      '  replicas: ${2:2}',
      '  selector:',
      '    matchLabels:',
      '      app: ${1:web}',
      '  template:',
      '    metadata:',
      '      labels:',
      '        app: ${1:web}',
      '    spec:',
      '      containers:',
      '        - name: ${1:web}',
      '          image: ${3:nginx:1.27}',
      '          $0'
    ].join('\n')
  },
  {
    label: 'Service',
    detail: 'A ClusterIP Service in front of pods with a label',
    at: 'document',
    body: ['apiVersion: v1', 'kind: Service', 'metadata:', '  name: ${1:web}', 'spec:', '  selector:', '    app: ${2:web}', '  ports:', '    - port: ${3:80}', '      targetPort: ${4:80}', '$0'].join('\n')
  },
  {
    label: 'livenessProbe',
    detail: 'Restart the container when an HTTP GET fails',
    at: 'nested',
    body: ['livenessProbe:', '  httpGet:', '    path: ${1:/}', '    port: ${2:80}', '  initialDelaySeconds: ${3:5}', '  periodSeconds: ${4:10}', '  failureThreshold: ${5:3}', '$0'].join('\n')
  },
  {
    label: 'readinessProbe',
    detail: 'Take the pod out of Service endpoints while an HTTP GET fails',
    at: 'nested',
    body: ['readinessProbe:', '  httpGet:', '    path: ${1:/}', '    port: ${2:80}', '  periodSeconds: ${3:5}', '$0'].join('\n')
  },
  {
    label: 'resources',
    detail: 'Requests (for scheduling) and limits (enforced by the kubelet)',
    at: 'nested',
    body: ['resources:', '  requests:', '    cpu: ${1:100m}', '    memory: ${2:64Mi}', '  limits:', '    memory: ${3:128Mi}', '$0'].join('\n')
  },
  {
    label: 'volume (emptyDir)',
    detail: "A pod volume that lives as long as the pod (under the pod's spec)",
    at: 'nested',
    body: ['volumes:', '  - name: ${1:scratch}', '    emptyDir: {}', '$0'].join('\n')
  },
  {
    label: 'volumeMounts',
    detail: "Mount a pod volume into the container (under a container)",
    at: 'nested',
    body: ['volumeMounts:', '  - name: ${1:scratch}', '    mountPath: ${2:/scratch}', '$0'].join('\n')
  }
];

/** The snippets that fit a line: document ones at column 1 of an unindented line, the others indented. */
export function snippetsFor(lineBeforeCursor: string): readonly Snippet[] {
  const indented = /^\s+/.test(lineBeforeCursor);
  return SNIPPETS.filter((s) => (s.at === 'nested') === indented);
}
