/**
 * The grpc probe: the gRPC Health Checking Protocol (grpc.health.v1.Health/Check) on the pod's
 * port. A server listening there answers SERVING (etcd's and agnhost grpc-health-checking's
 * health services); nothing listening leaves the blocking dial to time out.
 * upstream: pkg/probe/grpc/grpc.go Probe
 */
import { dial, goSeconds, joinHostPort, type ProbeDone, type ProbeNetwork } from './probe';

export function doGRPCProbe(net: ProbeNetwork, host: string, port: number, service: string, timeoutSeconds: number, done: ProbeDone): void {
  void service;
  const d = dial(net, host, port);
  if (d.kind === 'open') return done({ result: 'success', output: 'service healthy' });
  const addr = joinHostPort(host, port);
  // grpc.DialContext with WithBlock retries a refused connection until the context ends.
  net.after(timeoutSeconds * 1000, () => done({ result: 'failure', output: `timeout: failed to connect service ${JSON.stringify(addr)} within ${goSeconds(timeoutSeconds)}: context deadline exceeded` }));
}
