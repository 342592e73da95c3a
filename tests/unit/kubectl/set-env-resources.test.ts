/**
 * kubectl set env / set resources on a Deployment's pod template.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/set (set_env.go, set_resources.go, env/env_parse.go).
 */
import { describe, expect, it } from 'vitest';
import { bench } from './harness';

describe('kubectl set env', () => {
  it('sets, lists, updates in place and removes variables; each change is a rollout', async () => {
    const b = bench();
    await b.run('kubectl create deployment web --image=nginx');
    expect((await b.run('kubectl set env deployment/web FOO=bar MODE=dev')).stdout).toBe('deployment.apps/web env updated\n');
    expect((await b.run('kubectl set env deployment/web --list')).stdout).toBe('# Deployment web, container nginx\nFOO=bar\nMODE=dev\n');
    expect((await b.run('kubectl set env deployment/web MODE=prod FOO-')).stdout).toBe('deployment.apps/web env updated\n');
    expect(b.get('deployments', 'web', 'default')!.spec.template.spec.containers[0].env).toEqual([{ name: 'MODE', value: 'prod' }]);
    // No change: nothing sent, nothing printed.
    expect(await b.run('kubectl set env deployment/web MODE=prod')).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect(b.get('deployments', 'web', 'default')!.metadata.generation).toBe(3);
  });

  it('refuses what kubectl refuses', async () => {
    const b = bench();
    await b.run('kubectl create deployment web --image=nginx');
    await b.run('kubectl set env deployment/web MODE=prod');
    expect((await b.run('kubectl set env deployment/web 1BAD=x')).stderr).toMatch(/^error: "1BAD" is not a valid key name: a valid environment variable name must consist of alphabetic characters/);
    expect((await b.run('kubectl set env deployment/web MODE=x --overwrite=false')).stderr).toBe("error: 'MODE' already has a value (prod), and --overwrite is false\n");
    expect((await b.run('kubectl set env deployment/web -c nope X=1')).stderr).toBe('warning: Deployment/web does not have any containers matching "nope"\n');
    expect((await b.run('kubectl set env A=1')).stderr).toBe('error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n');
    expect((await b.run('kubectl set env deployment/web X=1 pods')).stderr).toBe('error: all resources must be specified before environment changes: pods\n');
  });
});

describe('kubectl set resources', () => {
  it('merges limits and requests into each container, quantities canonical', async () => {
    const b = bench();
    await b.run('kubectl create deployment web --image=nginx');
    expect((await b.run('kubectl set resources deployment/web --limits=cpu=200m,memory=512Mi --requests=cpu=100m')).stdout).toBe('deployment.apps/web resource requirements updated\n');
    expect((await b.run('kubectl set resources deployment/web --limits=cpu=0.5')).stdout).toBe('deployment.apps/web resource requirements updated\n');
    expect(b.get('deployments', 'web', 'default')!.spec.template.spec.containers[0].resources).toEqual({ limits: { cpu: '500m', memory: '512Mi' }, requests: { cpu: '100m' } });
  });

  it('errors: nothing to set, a bad quantity, and the API server refusing requests over limits', async () => {
    const b = bench();
    await b.run('kubectl create deployment web --image=nginx');
    await b.run('kubectl set resources deployment/web --limits=cpu=500m');
    expect((await b.run('kubectl set resources deployment/web')).stderr).toBe('error: you must specify an update to requests or limits (in the form of --requests/--limits)\n');
    expect((await b.run('kubectl set resources deployment/web --limits=cpu=abc')).stderr).toBe("error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n");
    expect((await b.run('kubectl set resources deployment/web --limits=cpu')).stderr).toBe('error: Invalid argument syntax cpu, expected <resource>=<value>\n');
    expect((await b.run('kubectl set resources deployment/web --requests=cpu=2')).stderr).toMatch(/must be less than or equal to cpu limit of 500m/);
  });
});
