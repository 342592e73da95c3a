/**
 * The kubelet process as a statechart: it starts, registers its Node with the API server
 * (retrying until it can), then runs its loops. Stopping it (systemctl stop kubelet, a node
 * powered off) halts every loop; starting it again goes through registration once more.
 * upstream: pkg/kubelet/kubelet.go Run, kubelet_node_status.go registerWithAPIServer
 */
import { setup } from 'xstate';

export type KubeletEvent =
  | { type: 'REGISTERED' }
  | { type: 'REGISTER_FAILED' }
  | { type: 'STOP' }
  | { type: 'START' };

export const kubeletMachine = setup({
  types: { events: {} as KubeletEvent },
  actions: {
    recordStarting: () => {},
    register: () => {},
    startLoops: () => {},
    stopLoops: () => {}
  },
  delays: {
    // upstream: registerWithAPIServer retries with a step that doubles up to 7s.
    registerRetry: 7000
  }
}).createMachine({
  id: 'kubelet',
  initial: 'starting',
  states: {
    starting: {
      entry: 'recordStarting',
      always: 'registering'
    },
    registering: {
      entry: 'register',
      on: {
        REGISTERED: 'running',
        REGISTER_FAILED: 'waitingToRetry'
      }
    },
    waitingToRetry: {
      after: { registerRetry: 'registering' }
    },
    running: {
      entry: 'startLoops'
    },
    stopped: {
      entry: 'stopLoops',
      on: { START: 'starting' }
    }
  },
  on: {
    STOP: '.stopped'
  }
});
