// A pool of kubelets (one per node) in one worker.
import { KubeletHost } from '../src/sim/cluster/kubelet-host';
import { serveWhenInitialised } from './serve';

serveWhenInitialised((init) => new KubeletHost(init.name, init.seed));
