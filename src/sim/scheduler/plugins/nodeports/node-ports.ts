/**
 * NodePorts: a pod's hostPorts must be free on the node; 0.0.0.0 conflicts with every IP.
 * upstream: pkg/scheduler/framework/plugins/nodeports/node_ports.go, framework/types.go HostPortInfo
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { FilterPlugin, PreFilterPlugin } from '../../framework/interfaces';
import { Code, Status, podHostPorts, type CycleState, type HostPort, type NodeInfo } from '../../framework/types';

export const NodePortsName = 'NodePorts';
export const ErrReasonNodePorts = "node(s) didn't have free ports for the requested pod ports";
const PREFILTER_KEY = 'PreFilter' + NodePortsName;

export function portsConflict(wanted: HostPort[], used: Iterable<string>): boolean {
  const usedList = [...used].map((k) => {
    const [ip, protocol, port] = k.split('/');
    return { ip, protocol, port: Number(port) };
  });
  return wanted.some((w) =>
    usedList.some((u) => u.port === w.port && u.protocol === w.protocol && (u.ip === w.ip || u.ip === '0.0.0.0' || w.ip === '0.0.0.0'))
  );
}

export function newNodePorts() {
  return {
    name: NodePortsName,
    preFilter(state: CycleState, pod: Pod) {
      const ports = state.podInfo?.hostPorts ?? podHostPorts(pod);
      state.write(PREFILTER_KEY, ports);
      // upstream: no host ports -> Skip (Filter is not run)
      return { status: new Status(ports.length === 0 ? Code.Skip : Code.Success) };
    },
    /** This plugin's own loop over the candidate nodes, so the call inside is monomorphic (see FilterPlugin.filterNodes). */
    filterNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], cand: Int32Array, count: number, rejected: (Status | undefined)[]): number {
      let kept = 0;
      for (let c = 0; c < count; c++) {
        const k = cand[c];
        const s = this.filter(state, pod, nodes[k]);
        if (s.code !== Code.Success) rejected[k] = s.withPlugin(this.name);
        else cand[kept++] = k;
      }
      return kept;
    },
    filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status {
      const ports = state.read<HostPort[]>(PREFILTER_KEY) ?? podHostPorts(pod);
      return portsConflict(ports, nodeInfo.usedPorts.keys()) ? new Status(Code.Unschedulable, ErrReasonNodePorts) : new Status(Code.Success);
    }
  } satisfies PreFilterPlugin & FilterPlugin;
}
