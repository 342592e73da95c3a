/**
 * Where the playground's cluster runs its components: each in a Web Worker of its own (the API
 * server, the controller manager, the scheduler, pools of kubelets; ARCHITECTURE.md "Time across
 * workers"), or all of them inside the cluster worker. Both run the same trace (the conductor's
 * order is fixed; e2e determinism); only the speed differs.
 *
 * A worker per component pays for every conductor round that involves a worker with a message
 * round trip, and a 1,000-node cluster runs some thousand rounds per virtual second. On a 2-core
 * machine, 1,000 nodes x 10 pods at 10x (npm run bench -- --frames): a worker per component
 * showed every node after 30.7 s, had the 10,000 pods ready 101 s after Play and then ran at 3.3x;
 * one worker: 9.3 s, 33 s, 10x. With more cores the components' workers can step in parallel, so
 * they keep a worker each there.
 *
 * `?threads=1` puts them in one worker, `?threads=many` in a worker each, whatever the machine.
 */
export function componentsInOneWorker(param: string | null, cores: number | undefined): boolean {
  if (param === '1') return true;
  if (param === 'many') return false;
  return cores !== undefined && cores <= 2;
}
