/**
 * kubectl describe: what it fetches for each kind (events by involvedObject, a node's pods and
 * lease, ...) and the shared describe printer. Expected texts are kubectl v1.32's for the same
 * objects.
 */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';

const POD_WEB = (volume: string) => `Name:             web
Namespace:        default
Priority:         0
Service Account:  default
Node:             <none>
Labels:           app=web
                  tier=fe
Annotations:      <none>
Status:           Pending
IP:               
IPs:              <none>
Containers:
  web:
    Image:        nginx
    Port:         80/TCP
    Host Port:    0/TCP
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from ${volume} (ro)
Volumes:
  ${volume}:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:                      <none>
`;

describe('kubectl describe', () => {
  test('a pod', async () => {
    const b = bench();
    await b.run('kubectl run web --image=nginx --labels=app=web,tier=fe --port=80');
    const volume = b.get('pods', 'web', 'default')!.spec.volumes[0].name;
    expect(await b.run('kubectl describe pod web')).toEqual({ stdout: POD_WEB(volume), stderr: '', exitCode: 0 });
    expect((await b.run('kubectl describe pod/web')).stdout).toBe(POD_WEB(volume));
    expect((await b.run('kubectl describe pods -l app=web')).stdout).toBe(POD_WEB(volume));
  });

  test('a name prefix (two arguments) describes every match, each followed by a newline', async () => {
    const b = bench();
    await b.run('kubectl run web --image=nginx --labels=app=web,tier=fe --port=80');
    const volume = b.get('pods', 'web', 'default')!.spec.volumes[0].name;
    expect((await b.run('kubectl describe pods we')).stdout).toBe(POD_WEB(volume) + '\n');
    expect(await b.run('kubectl describe pods nope')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n', exitCode: 1 });
    expect(await b.run('kubectl describe cm/nope pod/web')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): configmaps "nope" not found\n', exitCode: 1 });
  });

  test('several objects are separated by a blank line', async () => {
    const b = bench();
    await b.run('kubectl run a --image=nginx');
    await b.run('kubectl run b --image=nginx');
    const r = await b.run('kubectl describe pods');
    expect(r.stdout.match(/^Name: /gm)!.length).toBe(2);
    // upstream: describe.go prints "\n\n" before every object after the first.
    expect(r.stdout).toContain('Events:                      <none>\n\n\nName:             b\n');
  });

  test('events of the object are found by involvedObject', async () => {
    const b = bench();
    await b.run('kubectl run web --image=nginx');
    const pod = b.get('pods', 'web', 'default')!;
    b.create(
      'events',
      {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: 'web.1', namespace: 'default' },
        involvedObject: { kind: 'Pod', namespace: 'default', name: 'web', uid: pod.metadata.uid, apiVersion: 'v1' },
        reason: 'Scheduled',
        message: 'Successfully assigned default/web to worker-1',
        type: 'Normal',
        source: { component: 'default-scheduler' },
        firstTimestamp: '2025-01-01T00:00:00Z',
        lastTimestamp: '2025-01-01T00:00:00Z',
        count: 1
      },
      'default'
    );
    b.advance(10_000);
    const r = await b.run('kubectl describe pod web');
    expect(r.stdout).toContain('Events:\n  Type    Reason     Age   From               Message\n  ----    ------     ----  ----               -------\n  Normal  Scheduled  10s   default-scheduler  Successfully assigned default/web to worker-1\n');
    expect((await b.run('kubectl describe pod web --show-events=false')).stdout).not.toContain('Events:');
  });

  test('a node: its pods and its lease', async () => {
    const b = bench();
    await b.run('kubectl apply -f -', 'apiVersion: v1\nkind: Node\nmetadata:\n  name: worker-1\n  labels:\n    a: b\n');
    await b.run('kubectl cordon worker-1');
    await b.run('kubectl taint nodes worker-1 k:NoSchedule');
    const r = await b.run('kubectl describe node worker-1');
    expect(r.stdout).toBe(`Name:               worker-1
Roles:              <none>
Labels:             a=b
Annotations:        <none>
CreationTimestamp:  Wed, 01 Jan 2025 00:00:00 +0000
Taints:             k:NoSchedule
Unschedulable:      true
Lease:              Failed to get lease: leases.coordination.k8s.io "worker-1" not found
Addresses:
System Info:
  Machine ID:                 
  System UUID:                
  Boot ID:                    
  Kernel Version:             
  OS Image:                   
  Operating System:           
  Architecture:               
  Container Runtime Version:  
  Kubelet Version:            
  Kube-Proxy Version:         
Non-terminated Pods:          (0 in total)
  Namespace                   Name    CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----    ------------  ----------  ---------------  -------------  ---
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests  Limits
  --------           --------  ------
  cpu                0 (0%)    0 (0%)
  memory             0 (0%)    0 (0%)
  ephemeral-storage  0 (0%)    0 (0%)
Events:              <none>
`);
  });

  test('a deployment', async () => {
    const b = bench();
    await b.run('kubectl create deployment nginx-deployment --image=nginx:1.15 --replicas=2 --port=80');
    const r = await b.run('kubectl describe deploy nginx-deployment');
    expect(r.stdout).toBe(`Name:                   nginx-deployment
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:00 +0000
Labels:                 app=nginx-deployment
Annotations:            <none>
Selector:               app=nginx-deployment
Replicas:               2 desired | 0 updated | 0 total | 0 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=nginx-deployment
  Containers:
   nginx:
    Image:         nginx:1.15
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:            <none>
`);
  });

  test('errors', async () => {
    const b = bench();
    expect(await b.run('kubectl describe')).toEqual({
      stdout: '',
      stderr: 'error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.\n',
      exitCode: 1
    });
    expect((await b.run('kubectl describe foo')).stderr).toBe('error: the server doesn\'t have a resource type "foo"\n');
    expect(await b.run('kubectl describe pods')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', exitCode: 0 });
    expect(await b.run('kubectl describe nodes -l x=y')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', exitCode: 0 });
  });
});
