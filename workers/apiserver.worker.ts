// kube-apiserver (and its store) in its own worker.
import { ApiServerHost } from '../src/sim/cluster/apiserver-host';
import { serveWhenInitialised } from './serve';

serveWhenInitialised((init) => new ApiServerHost(init.seed));
