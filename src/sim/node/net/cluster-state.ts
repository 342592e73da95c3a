/**
 * The cluster as the pod network needs it, for one kubelet host (all its nodes share it): the
 * Services, EndpointSlices and Pods of every namespace from informers (one set per host, started
 * with its first node, so a pod's first lookup already sees the cluster), and the running
 * processes of this host's pods from their nodes' runtimes. Nothing is computed until a process
 * asks: a lookup scans the caches.
 * upstream: none (what CoreDNS and kube-proxy watch: Services, EndpointSlices, Pods).
 */
import { SharedInformer } from '../../client/informer';
import type { Client } from '../../client/client';
import type { KObject } from '../../apiserver/store';
import type { ContainerRuntime } from '../cri/runtime';
import type { Network } from '../programs/process';
import { PodNetwork, type ClusterState } from './network';

/** What network.ts reads of a pod on another host: its address, phase, hostname and containers' programs. */
export function remotePodView(pod: KObject): KObject {
  const { name, namespace, resourceVersion } = pod.metadata ?? {};
  const spec = pod.spec ?? {};
  return {
    metadata: { name, namespace, resourceVersion },
    spec: {
      ...(spec.hostname !== undefined ? { hostname: spec.hostname } : {}),
      containers: (spec.containers ?? []).map((c: KObject) => ({
        name: c.name,
        image: c.image,
        ...(c.command !== undefined ? { command: c.command } : {}),
        ...(c.args !== undefined ? { args: c.args } : {}),
        ...(c.workingDir !== undefined ? { workingDir: c.workingDir } : {})
      }))
    },
    status: { phase: pod.status?.phase, podIP: pod.status?.podIP }
  };
}

export function hostNetwork(opts: {
  client: () => Client;
  schedule: (ms: number, fn: () => void) => void;
  now: () => number;
  runtimes: () => Iterable<ContainerRuntime>;
}): ((pod: { namespace: string; name: string; ip: string; hostname: string; clusterDNS: boolean }, random: () => number) => Network) & { start(): void } {
  let state: ClusterState | undefined;
  const get = (): ClusterState => {
    if (state) return state;
    const client = opts.client();
    const informer = (resource: string) => {
      const i = new SharedInformer(client, resource, {}, opts.schedule);
      i.run();
      return i;
    };
    const services = informer('services');
    const slices = informer('endpointslices');
    // Every pod of the cluster, in each kubelet host: only what a connection to a remote pod reads
    // (remoteProcesses in network.ts). Whole pods here were ~5 kB each per host: at 30,000 pods
    // on 60 hosts (Web Workers of one tab) that alone outgrew the tab's memory.
    const pods = new SharedInformer(client, 'pods', {}, opts.schedule);
    pods.setTransform(remotePodView);
    pods.run();
    const owners = new Map<string, ContainerRuntime>();
    return (state = {
      services: () => services.list(),
      endpointSlices: () => slices.list(),
      pods: () => pods.list(),
      local: (ip) => {
        // The runtime that last held this address answers first: a probe or connection to a pod
        // then costs one lookup instead of one per node of the host (with 1,000 nodes that scan
        // was most of a probe's cost). Pod IPs come from a node's own podCIDR, so an address
        // never moves to another runtime; a miss falls back to the scan, in the same order.
        const known = owners.get(ip);
        if (known) {
          const p = known.processesAt(ip);
          if (p) return p;
          owners.delete(ip);
        }
        for (const rt of opts.runtimes()) {
          const p = rt.processesAt(ip);
          if (p) {
            owners.set(ip, rt);
            return p;
          }
        }
        return undefined;
      },
      now: opts.now
    });
  };
  const network = (pod: { namespace: string; ip: string; hostname: string; clusterDNS: boolean }, random: () => number) =>
    new PodNetwork(get(), pod.namespace, random, { ip: pod.ip, hostname: pod.hostname, clusterDNS: pod.clusterDNS });
  return Object.assign(network, { start: () => void get() });
}
