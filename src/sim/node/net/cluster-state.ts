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
import type { ContainerRuntime } from '../cri/runtime';
import type { Network } from '../programs/process';
import { PodNetwork, type ClusterState } from './network';

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
    const pods = informer('pods');
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
