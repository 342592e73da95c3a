import { describe, expect, it } from 'vitest';
import { HOST_COMMANDS, isHostCommand } from '../../../src/sim/cluster/host-commands';
import { APPLETS } from '../../../src/sim/node/programs/sh/applets';
import { BINARIES } from '../../../src/sim/node/programs/sh/applets/binaries';
import { parseScenario } from '../../../src/sim/cluster/scenario';

describe("the learner's machine's commands", () => {
  it('are exactly the busybox applets and the host binaries', () => {
    expect([...HOST_COMMANDS].sort()).toEqual([...Object.keys(APPLETS), ...Object.keys(BINARIES)].sort());
  });

  it('may start a scenario line; anything else is refused with the file line', () => {
    expect(isHostCommand('curl')).toBe(true);
    expect(isHostCommand('cd')).toBe(true);
    expect(isHostCommand('docker')).toBe(false);
    const ok = parseScenario('title: t\nsteps:\n  - title: s\n    run: |\n      kubectl get pods\n      curl -s localhost:8080\n');
    expect(ok.ok).toBe(true);
    const bad = parseScenario('title: t\nsteps:\n  - title: s\n    run: |\n      kubectl get pods\n      docker ps\n');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors).toEqual([expect.objectContaining({ line: 6, message: 'unknown command "docker": start a line with "kubectl" (or "k") or "sim", or a command of the learner\'s machine (cat, sed, curl ...)' })]);
  });
});
