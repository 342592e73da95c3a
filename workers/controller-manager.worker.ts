// kube-controller-manager in its own worker.
import { ControllerManagerHost } from '../src/sim/cluster/controller-manager-host';
import { serveWhenInitialised } from './serve';

serveWhenInitialised(() => new ControllerManagerHost());
