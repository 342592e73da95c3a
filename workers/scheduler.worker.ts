// kube-scheduler in its own worker.
import { SchedulerHost } from '../src/sim/cluster/scheduler-host';
import { serveWhenInitialised } from './serve';

serveWhenInitialised((init) => new SchedulerHost(init.seed));
