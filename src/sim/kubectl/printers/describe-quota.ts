// `kubectl describe limitrange|resourcequota`.
//
// Source: staging/src/k8s.io/kubectl/pkg/describe/describe.go (kubectl v1.32): LimitRangeDescriber
// (describeLimitRange), ResourceQuotaDescriber (describeQuota, helpTextForResourceQuotaScope).
// Neither searches events. Go ranges over the resource maps in random order; names are sorted here.

import { LEVEL_0, tabbedString } from './describe';
import { fromValue } from '../../api/quantity';
import { listQuantity, parseQuantity } from './quantity';
import { sortedKeys } from './util';

/* eslint-disable @typescript-eslint/no-explicit-any */

export function describeLimitRangeImpl(lr: any): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${lr?.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${lr?.metadata?.namespace ?? ''}\n`);
    w.write(LEVEL_0, 'Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
    w.write(LEVEL_0, '----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
    for (const item of lr?.spec?.limits ?? []) {
      const names = new Set<string>();
      for (const f of ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio']) for (const k of sortedKeys(item?.[f])) names.add(k);
      const value = (f: string, k: string) => (item?.[f]?.[k] === undefined ? '-' : listQuantity(item[f], k).toString());
      for (const k of [...names].sort()) {
        w.write(LEVEL_0, `${item?.type ?? ''}\t${k}\t${value('min', k)}\t${value('max', k)}\t${value('defaultRequest', k)}\t${value('default', k)}\t${value('maxLimitRequestRatio', k)}\n`);
      }
    }
  });
}

/** upstream: helpTextForResourceQuotaScope */
export const QUOTA_SCOPE_HELP: Record<string, string> = {
  Terminating: 'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating: 'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort: 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort: 'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.'
};

export function describeResourceQuotaImpl(rq: any): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${rq?.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${rq?.metadata?.namespace ?? ''}\n`);
    const scopes: string[] = [...(rq?.spec?.scopes ?? [])].sort();
    if (scopes.length > 0) {
      w.write(LEVEL_0, `Scopes:\t${scopes.join(', ')}\n`);
      for (const s of scopes) if (QUOTA_SCOPE_HELP[s]) w.write(LEVEL_0, ` * ${QUOTA_SCOPE_HELP[s]}\n`);
    }
    w.write(LEVEL_0, 'Resource\tUsed\tHard\n');
    w.write(LEVEL_0, '--------\t----\t----\n');
    const hard = rq?.status?.hard ?? {};
    const used = rq?.status?.used ?? {};
    for (const k of sortedKeys(hard)) {
      const h = listQuantity(hard, k);
      let u = listQuantity(used, k);
      // upstream: a used quantity in another format is shown in the hard one's (its Value(), rounded up)
      if (parseQuantity(used[k]) === undefined || u.format !== h.format) u = fromValue(u.valueBig(), h.format);
      w.write(LEVEL_0, `${k}\t${u}\t${h}\n`);
    }
  });
}
