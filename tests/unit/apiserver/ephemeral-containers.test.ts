/**
 * pods/ephemeralcontainers (kubectl debug): only additions, each one a valid ephemeral container.
 * upstream: pkg/apis/core/validation/validation.go validateEphemeralContainers,
 * ValidatePodEphemeralContainersUpdate; pkg/registry/core/pod/strategy.go podEphemeralContainersStrategy
 */
import { describe, expect, it } from 'vitest';
import { newServer, pod } from './helpers';

const debug = (name: string, extra: Record<string, unknown> = {}) => ({ name, image: 'busybox', ...extra });

function setup() {
  const s = newServer();
  s.ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
  const patch = (list: unknown[]) => s.call({ verb: 'patch', resource: 'pods', subresource: 'ephemeralcontainers', namespace: 'default', name: 'web', patchType: 'merge', body: { spec: { ephemeralContainers: list } } });
  return { ...s, patch };
}

describe('pods/ephemeralcontainers', () => {
  it('adds a defaulted ephemeral container and changes nothing else of the pod', () => {
    const s = setup();
    const r = s.patch([debug('dbg', { stdin: true, tty: true, targetContainerName: 'nginx' })]);
    expect(r.ok).toBe(true);
    const p = s.ok({ verb: 'get', resource: 'pods', namespace: 'default', name: 'web' });
    expect(p.spec.ephemeralContainers).toEqual([
      { name: 'dbg', image: 'busybox', stdin: true, tty: true, targetContainerName: 'nginx', imagePullPolicy: 'Always', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' }
    ]);
    // Other fields of the body are ignored: the subresource only takes ephemeral containers.
    const again = s.call({ verb: 'patch', resource: 'pods', subresource: 'ephemeralcontainers', namespace: 'default', name: 'web', patchType: 'merge', body: { metadata: { labels: { app: 'other' } }, spec: { ephemeralContainers: p.spec.ephemeralContainers } } });
    expect(again.ok && again.object.metadata.labels).toEqual({ app: 'web' });
  });

  it('refuses fields an ephemeral container may not have, a taken name and an unknown target, with upstream messages', () => {
    const s = setup();
    const r = s.patch([debug('nginx', { ports: [{ containerPort: 80 }], resources: { limits: { cpu: '1' } }, readinessProbe: { tcpSocket: { port: 80 } }, targetContainerName: 'nope' })]);
    expect(!r.ok && r.status.message).toBe(
      'Pod "web" is invalid: [spec.ephemeralContainers[0].name: Duplicate value: "nginx", spec.ephemeralContainers[0].targetContainerName: Not found: "nope", spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container, spec.ephemeralContainers[0].resources: Forbidden: cannot be set for an Ephemeral Container, spec.ephemeralContainers[0].readinessProbe: Forbidden: cannot be set for an Ephemeral Container]'
    );
  });

  it('existing ephemeral containers may not be removed or changed', () => {
    const s = setup();
    expect(s.patch([debug('dbg')]).ok).toBe(true);
    const removed = s.patch([]);
    expect(!removed.ok && removed.status.message).toBe('Pod "web" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "dbg" may not be removed\n');
    const current = s.ok({ verb: 'get', resource: 'pods', namespace: 'default', name: 'web' }).spec.ephemeralContainers[0];
    const changed = s.patch([{ ...current, image: 'alpine' }]);
    expect(!changed.ok && changed.status.message).toContain('Forbidden: existing ephemeral containers "dbg" may not be changed');
  });

  it('a pod may not be created with ephemeral containers, nor get them through a plain update', () => {
    const s = setup();
    const created = s.call({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('other', { spec: { ephemeralContainers: [debug('dbg')] } }) });
    expect(!created.ok && created.status.message).toBe('Pod "other" is invalid: spec.ephemeralContainers: Forbidden: cannot be set on create');
    const updated = s.call({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'web', patchType: 'merge', body: { spec: { ephemeralContainers: [debug('dbg')] } } });
    expect(updated.ok).toBe(false);
  });
});
